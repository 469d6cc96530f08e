import { rm, stat } from 'node:fs/promises';
import { hashFile } from '../blob/hashing';
import { type MediaProbe, probeMedia } from './probe';
import { readFileHead } from './sniff';
import { makeThumbnail, THUMBNAIL_CONTENT_TYPE, type Thumbnail } from './thumbnail';
import { type AcceptedUpload, checkUpload, isTooLarge, MediaRejectedError } from './upload-rules';

export interface ProcessUploadOptions {
  /** The name the user's file had (its extension is checked). */
  filename: string;
  /** The Content-Type the browser declared for the file. */
  declaredType: string | undefined;
  /** Where to write the thumbnail (default: next to the file, `<tempPath>.thumb.jpg`). */
  thumbnailPath?: string;
  /** The file's sha256 when it was hashed while being received; otherwise it is read once more. */
  sha256?: string;
  probeTimeoutMs?: number;
  thumbnailTimeoutMs?: number;
}

export interface InspectedUpload extends Omit<AcceptedUpload, 'ok'>, Omit<MediaProbe, 'hasVideo'> {
  size: number;
  /** null only when the caller asked to leave the hash for later (`hashLater`). */
  sha256: string | null;
}

export interface ProcessedUpload extends InspectedUpload {
  sha256: string;
  thumbnail: Thumbnail & { path: string; contentType: typeof THUMBNAIL_CONTENT_TYPE };
}

/**
 * What an upload's answer needs, without the thumbnail: rules, probe (size, duration; a movie without video
 * is refused) and sha256 (as given, hashed here, or left null with `hashLater`). Reads the file's head and
 * lets the prober read what it needs; writes nothing. Throws MediaRejectedError (the user's file is at fault)
 * or another Error (ours).
 */
export async function inspectUpload(
  tempPath: string,
  options: ProcessUploadOptions & { hashLater?: boolean },
): Promise<InspectedUpload> {
  const { size } = await stat(tempPath);
  if (isTooLarge(size)) throw new MediaRejectedError('too-large');
  const verdict = checkUpload({
    filename: options.filename,
    declaredType: options.declaredType,
    firstBytes: await readFileHead(tempPath),
  });
  if (!verdict.ok) throw new MediaRejectedError(verdict.reason, verdict.message);

  const [sha256, probe] = await Promise.all([
    options.sha256 ?? (options.hashLater ? null : hashFile(tempPath).then((measured) => measured.sha256)),
    probeMedia(tempPath, { kind: verdict.kind, timeoutMs: options.probeTimeoutMs }),
  ]);
  if (verdict.kind === 'movie' && !probe.hasVideo) throw new MediaRejectedError('no-video');
  const { hasVideo: _hasVideo, ...dimensions } = probe;
  return {
    kind: verdict.kind,
    contentType: verdict.contentType,
    extension: verdict.extension,
    size,
    sha256,
    ...dimensions,
  };
}

/**
 * Checks and measures an upload already on local disk: rules, sha256, probe, thumbnail. Writes only the
 * thumbnail file (removed again on failure) and touches no blob store: the caller stores file and thumbnail
 * and registers the row in one go. Throws MediaRejectedError (the user's file is at fault: 400/413 with its
 * message) or another Error (ours: 500).
 */
export async function processUpload(tempPath: string, options: ProcessUploadOptions): Promise<ProcessedUpload> {
  const inspected = await inspectUpload(tempPath, options);
  const thumbnailPath = options.thumbnailPath ?? `${tempPath}.thumb.jpg`;
  let thumbnail: Thumbnail;
  try {
    thumbnail = await makeThumbnail(tempPath, inspected.kind, thumbnailPath, {
      durationSeconds: inspected.durationSeconds,
      timeoutMs: options.thumbnailTimeoutMs,
    });
  } catch (error) {
    await rm(thumbnailPath, { force: true });
    throw error;
  }
  return {
    ...inspected,
    sha256: inspected.sha256 ?? (await hashFile(tempPath)).sha256,
    thumbnail: { ...thumbnail, path: thumbnailPath, contentType: THUMBNAIL_CONTENT_TYPE },
  };
}
