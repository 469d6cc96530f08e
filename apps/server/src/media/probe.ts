import { locateFfprobe } from './binaries';
import { runTool, ToolError } from './run';
import { loadSharp } from './sharp';
import { readFileHead, sniffMediaType } from './sniff';
import { type MediaKind, MediaRejectedError } from './upload-rules';

export interface MediaProbe {
  /** Display size: EXIF orientation (images) and rotation metadata (videos) already applied. */
  width: number;
  height: number;
  /** Seconds, for movies whose container states it; null for images. */
  durationSeconds: number | null;
  hasVideo: boolean;
  videoCodec?: string;
  audioCodec?: string;
}

export interface ProbeOptions {
  /** Skips sniffing when the caller already knows. */
  kind?: MediaKind;
  timeoutMs?: number;
  ffprobePath?: string;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  side_data_list?: Array<{ rotation?: number }>;
  tags?: { rotate?: string };
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string };
}

const DEFAULT_PROBE_TIMEOUT_MS = 30_000;

function seconds(value: string | undefined): number | null {
  if (value === undefined) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
}

function isQuarterTurn(stream: FfprobeStream): boolean {
  const rotation = stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? stream.tags?.rotate;
  return Math.abs(Number(rotation ?? 0)) % 180 === 90;
}

async function probeImage(path: string): Promise<MediaProbe> {
  const sharp = await loadSharp();
  try {
    const metadata = await sharp(path).metadata();
    const { width, height } = metadata.autoOrient;
    return { width, height, durationSeconds: null, hasVideo: false };
  } catch (error) {
    throw new MediaRejectedError('unreadable', undefined, { cause: error });
  }
}

async function probeMovie(path: string, options: ProbeOptions): Promise<MediaProbe> {
  const ffprobe = options.ffprobePath ?? (await locateFfprobe());
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', path];
  let output: FfprobeOutput;
  try {
    const { stdout } = await runTool(ffprobe, args, { timeoutMs: options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS });
    output = JSON.parse(stdout.toString('utf8')) as FfprobeOutput;
  } catch (error) {
    // ffprobe ran and refused the file: the upload is at fault. Not starting or timing out is ours.
    if (error instanceof ToolError && error.exitCode !== null) {
      throw new MediaRejectedError('unreadable', undefined, { cause: error });
    }
    throw error;
  }
  const streams = output.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const duration = seconds(output.format?.duration) ?? seconds(video?.duration);
  const width = video?.width ?? 0;
  const height = video?.height ?? 0;
  const turned = video ? isQuarterTurn(video) : false;
  return {
    width: turned ? height : width,
    height: turned ? width : height,
    durationSeconds: duration,
    hasVideo: Boolean(video && width > 0 && height > 0),
    videoCodec: video?.codec_name,
    audioCodec: audio?.codec_name,
  };
}

/** Size, duration and codecs of a local media file: sharp for images, ffprobe for movies. */
export async function probeMedia(path: string, options: ProbeOptions = {}): Promise<MediaProbe> {
  let kind = options.kind;
  if (!kind) {
    const sniffed = sniffMediaType(await readFileHead(path));
    if (!sniffed) throw new MediaRejectedError('content');
    kind = sniffed.startsWith('image/') ? 'image' : 'movie';
  }
  return kind === 'image' ? probeImage(path) : probeMovie(path, options);
}
