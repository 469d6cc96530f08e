import { MEDIA_TYPES } from '@signage/domain';
import { BlobRangeError, type ByteRange, InvalidBlobKeyError } from './types';

const MAX_KEY_LENGTH = 1024;
// Letters, digits and a few separators: safe as a file name on every disk and as an S3 key without escaping.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/**
 * Keys are relative paths made of plain segments. Refusing '..', absolute paths, backslashes, empty and
 * dot-leading segments keeps a key from escaping the disk root or reaching the store's own `.tmp` folder.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidBlobKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidBlobKeyError(key.slice(0, 40), 'too long');
  if (key.startsWith('/')) throw new InvalidBlobKeyError(key, 'absolute paths are not allowed');
  for (const segment of key.split('/')) {
    if (segment === '..' || segment === '.')
      throw new InvalidBlobKeyError(key, "'.' and '..' segments are not allowed");
    if (!SEGMENT.test(segment)) throw new InvalidBlobKeyError(key, `bad segment '${segment}'`);
  }
}

/** A prefix is a key, optionally ending with '/'; an empty prefix (everything) is refused on purpose. */
export function assertValidPrefix(prefix: string): void {
  assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/**
 * Uploaded media come from the domain's table; the rest are files the store keeps besides them (HLS
 * renditions, thumbnails, player logs, exports), which no upload may be.
 */
const TYPES_BY_EXTENSION: Record<string, string> = {
  ...Object.fromEntries(MEDIA_TYPES.flatMap((type) => type.extensions.map((extension) => [extension, type.mime]))),
  m4v: 'video/mp4',
  webp: 'image/webp',
  gif: 'image/gif',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  gz: 'application/gzip',
  zip: 'application/zip',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * The content type a key's extension stands for. The disk store derives content types from keys, so
 * both stores refuse a put whose declared type differs: what `get` answers is then the same everywhere.
 */
export function contentTypeForKey(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return DEFAULT_CONTENT_TYPE;
  return TYPES_BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}

function normaliseType(type: string): string {
  return type.split(';')[0]!.trim().toLowerCase();
}

export function assertContentTypeMatchesKey(key: string, contentType: string): void {
  const expected = contentTypeForKey(key);
  if (normaliseType(expected) !== normaliseType(contentType)) {
    throw new InvalidBlobKeyError(
      key,
      `content type '${contentType}' does not match the key's extension ('${expected}')`,
    );
  }
}

/** Clamps a requested range to an object; throws BlobRangeError when it starts past the end. */
export function clampRange(range: ByteRange, totalSize: number): { start: number; end: number } {
  const { start } = range;
  const end = Math.min(range.end ?? totalSize - 1, totalSize - 1);
  if (!Number.isSafeInteger(start) || start < 0 || start >= totalSize || end < start) {
    throw new BlobRangeError(range, totalSize);
  }
  return { start, end };
}
