import { type ChildProcessByStdio, spawn, spawnSync } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/**
 * A live publisher for the e2e (issue 14): frames made here, each carrying the wall-clock instant it was made,
 * piped to ffmpeg as raw video and sent on (RTMP to the ingest, like an encoder in a store). The instant is drawn
 * twice: as blocks a screenshot can read back reliably (42 bits of epoch milliseconds, then their complement as a
 * check) and as text (drawtext, the time of day) for a person looking at the screenshots. A bar sweeps across
 * the lower part so that consecutive frames always differ.
 */
export const FRAME = { width: 640, height: 360, fps: 25 } as const;
const BLOCK = 32;
const ORIGIN = { x: 16, y: 16 };
const BITS = 42;
const PER_ROW = 14;
const ROWS = BITS / PER_ROW;
const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** The top-left corner (frame pixels) of the block of bit `bit` (0: least significant), or of its complement. */
function blockAt(bit: number, complement: boolean): { x: number; y: number } {
  const row = Math.floor(bit / PER_ROW) + (complement ? ROWS : 0);
  return { x: ORIGIN.x + (bit % PER_ROW) * BLOCK, y: ORIGIN.y + row * BLOCK };
}

const bitOf = (value: number, bit: number) => Math.floor(value / 2 ** bit) % 2 === 1;

/** One grey frame with `stamp` in blocks and the sweeping bar at position `index`. */
export function drawFrame(frame: Buffer, stamp: number, index: number): void {
  frame.fill(48);
  const { width } = FRAME;
  for (let bit = 0; bit < BITS; bit++) {
    for (const complement of [false, true]) {
      const on = bitOf(stamp, bit) !== complement;
      const { x, y } = blockAt(bit, complement);
      for (let row = y; row < y + BLOCK; row++) frame.fill(on ? 255 : 0, row * width + x, row * width + x + BLOCK);
    }
  }
  const bar = (index * 8) % width;
  for (let row = 280; row < 344; row++) frame.fill(230, row * width + bar, row * width + Math.min(width, bar + 48));
}

/**
 * Reads the instant back from a grey screenshot (`pixels`, `shotWidth` wide) in which the stream's frame is drawn
 * at `box` (screen pixels). Null when the blocks do not read (the live image, a frame in transition).
 */
export function readStamp(
  pixels: Buffer,
  shotWidth: number,
  box: { x: number; y: number; width: number; height: number },
): number | null {
  const scaleX = box.width / FRAME.width;
  const scaleY = box.height / FRAME.height;
  const lit = (bit: number, complement: boolean): boolean | null => {
    const { x, y } = blockAt(bit, complement);
    // The mean of the block's middle half: away from its edges, which the encoder smears.
    let sum = 0;
    let count = 0;
    for (let fy = y + BLOCK / 4; fy < y + (3 * BLOCK) / 4; fy += 2) {
      for (let fx = x + BLOCK / 4; fx < x + (3 * BLOCK) / 4; fx += 2) {
        sum += pixels[Math.round(box.y + fy * scaleY) * shotWidth + Math.round(box.x + fx * scaleX)] ?? 0;
        count++;
      }
    }
    const mean = sum / count;
    return mean > 170 ? true : mean < 85 ? false : null;
  };
  let stamp = 0;
  for (let bit = 0; bit < BITS; bit++) {
    const value = lit(bit, false);
    const check = lit(bit, true);
    if (value === null || check === null || value === check) return null;
    if (value) stamp += 2 ** bit;
  }
  return stamp;
}

/** A PNG screenshot as grey pixels (decoded by ffmpeg). */
export function greyPixels(png: Buffer): Buffer {
  const result = spawnSync('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], {
    input: png,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(String(result.stderr));
  return result.stdout;
}

/** A PNG screenshot as RGB pixels (decoded by ffmpeg). */
export function rgbPixels(png: Buffer): Buffer {
  const result = spawnSync('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
    input: png,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(String(result.stderr));
  return result.stdout;
}

export type Publisher = {
  /** Stops publishing; resolves once ffmpeg has exited. */
  stop: () => Promise<void>;
  frames: () => number;
  /** What ffmpeg said on stderr (why it stopped, when it did), for the test's messages. */
  errors: () => string;
  /** Whether ffmpeg still runs (an ingest that refused or cut the connection ends it). */
  running: () => boolean;
};

/**
 * Publishes until stop(): frames made at FRAME.fps, each stamped when made; a frame ffmpeg is not ready for is
 * dropped rather than queued (a queue would add delay that no camera has). `output` is ffmpeg's output: its
 * format options and address, e.g. ['-f', 'flv', 'rtmp://127.0.0.1:1935/live/KEY'].
 */
export function startPublisher(output: string[]): Publisher {
  const { width, height, fps } = FRAME;
  const ffmpeg: ChildProcessByStdio<Writable, null, Readable> = spawn(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${width}x${height}`, '-framerate', String(fps)],
      ...['-i', 'pipe:0'],
      ...['-vf', `drawtext=fontfile=${FONT}:text='%{localtime\\:%T}':x=16:y=216:fontsize=40:fontcolor=white`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(fps), '-pix_fmt', 'yuv420p'],
      ...output,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let errors = '';
  ffmpeg.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  ffmpeg.stdin.on('error', () => undefined); // ffmpeg gone: stop() reports it
  const frame = Buffer.alloc(width * height);
  let index = 0;
  let ready = true;
  ffmpeg.stdin.on('drain', () => {
    ready = true;
  });
  const timer = setInterval(() => {
    if (!ready) return;
    drawFrame(frame, Date.now(), index++);
    ready = ffmpeg.stdin.write(Buffer.from(frame));
  }, 1000 / fps);
  const exited = new Promise<number | null>((resolve) => ffmpeg.once('exit', (code) => resolve(code)));
  exited.then(() => clearInterval(timer));
  return {
    frames: () => index,
    errors: () => errors,
    running: () => ffmpeg.exitCode === null && ffmpeg.signalCode === null,
    stop: async () => {
      clearInterval(timer);
      if (ffmpeg.exitCode === null && ffmpeg.signalCode === null) {
        ffmpeg.stdin.end();
        ffmpeg.kill('SIGTERM');
      }
      await exited;
    },
  };
}
