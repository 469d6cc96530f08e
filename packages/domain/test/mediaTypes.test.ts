import { describe, expect, it } from 'vitest';
import { MEDIA_TYPES, mediaAccept, mediaExtensions, mediaTypeOfExtension, mediaTypeOfMime } from '../src';

describe('media types', () => {
  it('accept mp4 and mov movies and jpg, jpeg and png images (SPEC.md sections 4, 5 and 9)', () => {
    const table = Object.fromEntries(
      mediaExtensions().map((extension) => [extension, mediaTypeOfExtension(extension)?.mime]),
    );
    expect(table).toEqual({
      mp4: 'video/mp4',
      mov: 'video/quicktime',
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      png: 'image/png',
    });
    expect(MEDIA_TYPES.map((type) => [type.mime, type.kind])).toEqual([
      ['video/mp4', 'movie'],
      ['video/quicktime', 'movie'],
      ['image/jpeg', 'image'],
      ['image/png', 'image'],
    ]);
  });

  it('give the file picker every extension, and Live only its images', () => {
    expect(mediaAccept()).toBe('.mp4,.mov,.jpg,.jpeg,.png');
    expect(mediaAccept({ live: true })).toBe('.jpg,.jpeg,.png');
    expect(mediaExtensions({ live: true })).toEqual(['jpg', 'jpeg', 'png']);
  });

  it('look types up by extension in any case and by MIME type without its parameters', () => {
    expect(mediaTypeOfExtension('JPEG')?.mime).toBe('image/jpeg');
    expect(mediaTypeOfExtension('gif')).toBeUndefined();
    expect(mediaTypeOfExtension('')).toBeUndefined();
    expect(mediaTypeOfMime('Video/QuickTime; codecs=avc1')?.kind).toBe('movie');
    expect(mediaTypeOfMime('image/webp')).toBeUndefined();
    expect(mediaTypeOfMime('')).toBeUndefined();
  });

  it('store each type under its first extension', () => {
    expect(MEDIA_TYPES.map((type) => type.extensions[0])).toEqual(['mp4', 'mov', 'jpg', 'png']);
  });
});
