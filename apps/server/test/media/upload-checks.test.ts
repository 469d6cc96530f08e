import { join } from 'node:path';
import { MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileHead, sniffMediaType } from '../../src/media/sniff';
import { checkUpload, extensionOf } from '../../src/media/upload-rules';
import { makeTempDir, writeClip, writeImage, writeText } from './fixtures';

let dir: string;
let remove: () => Promise<void>;
const head = (name: string) => readFileHead(join(dir, name));

beforeAll(async () => {
  ({ dir, remove } = await makeTempDir('sniff'));
  await Promise.all([
    writeImage(join(dir, 'tiny.png'), 'png', 8, 6),
    writeImage(join(dir, 'tiny.jpg'), 'jpeg', 8, 6),
    writeClip(join(dir, 'clip.mp4')),
    writeClip(join(dir, 'clip.mov')),
    writeText(join(dir, 'notes.txt'), 'shopping list: eggs, milk\n'),
  ]);
});
afterAll(() => remove());

function box(type: string, brand: string, extra = ''): Buffer {
  const body = Buffer.from(`${type}${brand}\0\0\0\0${extra}`, 'latin1');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length + 4);
  return Buffer.concat([size, body]);
}

describe('sniffMediaType', () => {
  it('recognises real files made by sharp and ffmpeg', async () => {
    expect(sniffMediaType(await head('tiny.png'))).toBe('image/png');
    expect(sniffMediaType(await head('tiny.jpg'))).toBe('image/jpeg');
    expect(sniffMediaType(await head('clip.mp4'))).toBe('video/mp4');
    expect(sniffMediaType(await head('clip.mov'))).toBe('video/quicktime');
  });

  it('knows MP4 brands and QuickTime without ftyp', () => {
    for (const brand of ['isom', 'iso2', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash']) {
      expect(sniffMediaType(box('ftyp', brand)), brand).toBe('video/mp4');
    }
    expect(sniffMediaType(box('ftyp', 'qt  '))).toBe('video/quicktime');
    for (const atom of ['moov', 'mdat', 'wide', 'free']) {
      const bytes = Buffer.alloc(16);
      bytes.writeUInt32BE(8, 0);
      bytes.write(atom, 4, 'latin1');
      expect(sniffMediaType(bytes), atom).toBe('video/quicktime');
    }
  });

  it('refuses look-alikes: HEIF and AVIF images, 3GP, text, truncated headers', async () => {
    expect(sniffMediaType(box('ftyp', 'heic', 'mif1heic'))).toBeNull();
    expect(sniffMediaType(box('ftyp', 'avif', 'avifmif1'))).toBeNull();
    expect(sniffMediaType(box('ftyp', '3gp4', 'isom3gp4'))).toBeNull();
    expect(sniffMediaType(await head('notes.txt'))).toBeNull();
    expect(sniffMediaType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffMediaType(Buffer.alloc(0))).toBeNull();
  });
});

describe('checkUpload', () => {
  it('accepts the four formats with their extension and declared type', async () => {
    expect(
      checkUpload({ filename: 'Sale.PNG', declaredType: 'image/png', firstBytes: await head('tiny.png') }),
    ).toEqual({ ok: true, kind: 'image', contentType: 'image/png', extension: 'png' });
    expect(
      checkUpload({ filename: 'a.jpg', declaredType: 'image/jpeg', firstBytes: await head('tiny.jpg') }),
    ).toMatchObject({ ok: true, kind: 'image', contentType: 'image/jpeg' });
    expect(
      checkUpload({ filename: 'a.jpeg', declaredType: 'image/jpeg', firstBytes: await head('tiny.jpg') }),
    ).toMatchObject({ ok: true, extension: 'jpg' });
    expect(
      checkUpload({ filename: 'promo.mp4', declaredType: 'video/mp4', firstBytes: await head('clip.mp4') }),
    ).toMatchObject({ ok: true, kind: 'movie', contentType: 'video/mp4', extension: 'mp4' });
    expect(
      checkUpload({ filename: 'promo.mov', declaredType: 'video/quicktime', firstBytes: await head('clip.mov') }),
    ).toMatchObject({ ok: true, kind: 'movie', contentType: 'video/quicktime', extension: 'mov' });
  });

  it('rejects a text file renamed .png with the spec message', async () => {
    const verdict = checkUpload({
      filename: 'notes.png',
      declaredType: 'image/png',
      firstBytes: await head('notes.txt'),
    });
    expect(verdict).toEqual({ ok: false, reason: 'content', message: MESSAGES.uploadBadExtension });
    expect(MESSAGES.uploadBadExtension).toBe('The specified file cannot be uploaded due to incorrect extension');
  });

  it('rejects other extensions, types and cross-kind content', async () => {
    const png = await head('tiny.png');
    const mp4 = await head('clip.mp4');
    expect(checkUpload({ filename: 'a.gif', declaredType: 'image/png', firstBytes: png })).toMatchObject({
      ok: false,
      reason: 'extension',
    });
    expect(checkUpload({ filename: 'noext', declaredType: 'image/png', firstBytes: png })).toMatchObject({
      reason: 'extension',
    });
    expect(checkUpload({ filename: 'a.png', declaredType: 'image/gif', firstBytes: png })).toMatchObject({
      reason: 'declared-type',
    });
    expect(checkUpload({ filename: 'a.png', declaredType: undefined, firstBytes: png })).toMatchObject({
      reason: 'declared-type',
    });
    expect(checkUpload({ filename: 'a.png', declaredType: 'video/mp4', firstBytes: png })).toMatchObject({
      reason: 'declared-type',
    });
    expect(checkUpload({ filename: 'a.png', declaredType: 'image/png', firstBytes: mp4 })).toMatchObject({
      reason: 'content',
    });
  });

  it('stores a file by what it is when the kind agrees (JPEG bytes named .png)', async () => {
    expect(
      checkUpload({ filename: 'a.png', declaredType: 'image/png; charset=binary', firstBytes: await head('tiny.jpg') }),
    ).toMatchObject({ ok: true, contentType: 'image/jpeg', extension: 'jpg' });
  });

  it('reads extensions from Windows and POSIX paths', () => {
    expect(extensionOf('C:\\Users\\me\\clip.MOV')).toBe('mov');
    expect(extensionOf('/tmp/a.b/c')).toBe('');
    expect(extensionOf('.png')).toBe('');
  });
});
