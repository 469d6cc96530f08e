import {
  MAX_UPLOAD_BYTES,
  MEDIA_TYPES,
  MESSAGES,
  type MediaKind,
  mediaExtensions,
  mediaTypeOfExtension,
  mediaTypeOfMime,
  type StoredMediaExtension,
} from '@signage/domain';
import { type SniffedType, sniffMediaType } from './sniff';

export type { MediaKind };

export interface AcceptedUpload {
  ok: true;
  kind: MediaKind;
  /** What the bytes are (not what the browser said): the type to store and serve. */
  contentType: SniffedType;
  /** The extension that goes with `contentType`, for the storage key. */
  extension: StoredMediaExtension;
}

export type RejectionReason = 'extension' | 'declared-type' | 'content' | 'too-large' | 'unreadable' | 'no-video';

export interface RejectedUpload {
  ok: false;
  reason: RejectionReason;
  /** The spec's text for the user (SPEC.md section 8). */
  message: string;
}

// Derived from the domain's one table of media types, in its order.
export const ACCEPTED_EXTENSIONS: readonly string[] = mediaExtensions();
export const ACCEPTED_TYPES: readonly string[] = MEDIA_TYPES.map((type) => type.mime);

/** Media the spec does not accept; `message` is the spec's text, `reason` says which check failed. */
export class MediaRejectedError extends Error {
  readonly reason: RejectionReason;
  constructor(reason: RejectionReason, message?: string, options?: ErrorOptions) {
    super(message ?? (reason === 'too-large' ? MESSAGES.uploadTooLarge : MESSAGES.uploadBadExtension), options);
    this.name = 'MediaRejectedError';
    this.reason = reason;
  }
}

function reject(reason: RejectionReason): RejectedUpload {
  return { ok: false, reason, message: new MediaRejectedError(reason).message };
}

export function extensionOf(filename: string): string {
  const base = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function isTooLarge(size: number): boolean {
  return size > MAX_UPLOAD_BYTES;
}

/**
 * The upload rules of SPEC.md sections 5 and 9, on the name, the browser's declared type and the file's
 * first bytes (`SNIFF_LENGTH` of them): the extension and declared type must be accepted ones, and the
 * bytes must be an accepted format of the same kind (image or movie) as the extension. A JPEG named .png
 * is accepted and stored as what it is (image/jpeg); a text file named .png is not.
 */
export function checkUpload(input: {
  filename: string;
  declaredType: string | undefined;
  firstBytes: Buffer;
}): AcceptedUpload | RejectedUpload {
  const extensionKind = mediaTypeOfExtension(extensionOf(input.filename))?.kind;
  if (!extensionKind) return reject('extension');
  if (mediaTypeOfMime(input.declaredType ?? '')?.kind !== extensionKind) return reject('declared-type');
  const sniffed = sniffMediaType(input.firstBytes);
  const actual = sniffed ? mediaTypeOfMime(sniffed) : undefined;
  if (!sniffed || actual?.kind !== extensionKind) return reject('content');
  return { ok: true, kind: extensionKind, contentType: sniffed, extension: actual.extensions[0] };
}
