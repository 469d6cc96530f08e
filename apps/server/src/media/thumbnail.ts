import { locateFfmpeg } from './binaries';
import { runTool, ToolError } from './run';
import { loadSharp } from './sharp';
import { type MediaKind, MediaRejectedError } from './upload-rules';

/** Thumbnails fit inside this box (portrait videos stay as small as landscape ones in the list). */
export const THUMBNAIL_BOX = 320;
export const THUMBNAIL_CONTENT_TYPE = 'image/jpeg';
const JPEG_QUALITY = 80;
const DEFAULT_THUMBNAIL_TIMEOUT_MS = 60_000;

export interface ThumbnailOptions {
  /** The movie's duration, to pick the frame (min(1 s, 10 %)); probed by the caller. */
  durationSeconds?: number | null;
  timeoutMs?: number;
  ffmpegPath?: string;
}

export interface Thumbnail {
  width: number;
  height: number;
  size: number;
}

/** Where to grab a movie's frame: 1 s in, or 10 % in for clips shorter than 10 s (their first second may be a fade). */
export function thumbnailTime(durationSeconds: number | null | undefined): number {
  if (!durationSeconds || durationSeconds <= 0) return 0;
  return Math.min(1, durationSeconds * 0.1);
}

async function grabFrame(path: string, atSeconds: number, options: ThumbnailOptions): Promise<Buffer> {
  const ffmpeg = options.ffmpegPath ?? (await locateFfmpeg());
  const box = THUMBNAIL_BOX;
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-ss',
    atSeconds.toFixed(3),
    '-i',
    path,
    '-frames:v',
    '1',
    '-an',
    '-sn',
    '-vf',
    `scale='min(${box},iw)':'min(${box},ih)':force_original_aspect_ratio=decrease`,
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    'pipe:1',
  ];
  try {
    const { stdout } = await runTool(ffmpeg, args, { timeoutMs: options.timeoutMs ?? DEFAULT_THUMBNAIL_TIMEOUT_MS });
    return stdout;
  } catch (error) {
    if (error instanceof ToolError && error.exitCode !== null) {
      throw new MediaRejectedError('unreadable', undefined, { cause: error });
    }
    throw error;
  }
}

/**
 * A JPEG (quality 80) that fits inside 320x320 at `outPath`: sharp for images (EXIF orientation applied,
 * transparency on white, never enlarged), one ffmpeg frame for movies (encoded by sharp too, so both kinds
 * look alike).
 */
export async function makeThumbnail(
  path: string,
  kind: MediaKind,
  outPath: string,
  options: ThumbnailOptions = {},
): Promise<Thumbnail> {
  let input: string | Buffer = path;
  if (kind === 'movie') {
    const at = thumbnailTime(options.durationSeconds);
    let frame = await grabFrame(path, at, options);
    // Seeking past the last decodable frame yields nothing; the first frame always exists.
    if (frame.length === 0 && at > 0) frame = await grabFrame(path, 0, options);
    if (frame.length === 0) throw new MediaRejectedError('no-video');
    input = frame;
  }
  const timeoutSeconds = Math.ceil((options.timeoutMs ?? DEFAULT_THUMBNAIL_TIMEOUT_MS) / 1000);
  const sharp = await loadSharp();
  try {
    const info = await sharp(input)
      .timeout({ seconds: timeoutSeconds })
      .autoOrient()
      .resize({ width: THUMBNAIL_BOX, height: THUMBNAIL_BOX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY })
      .toFile(outPath);
    return { width: info.width, height: info.height, size: info.size };
  } catch (error) {
    if (kind === 'image') throw new MediaRejectedError('unreadable', undefined, { cause: error });
    throw error;
  }
}
