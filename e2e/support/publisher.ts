import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A live image that looks nothing like the test pattern the publisher sends (a still of the Mandelbrot set), so
 * a screenshot tells the off-air image from the stream at a glance. `remove` deletes it.
 */
export function makeLiveImage(): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'signage-e2e-live-'));
  const path = join(dir, 'live-image.png');
  const made = spawnSync(
    'ffmpeg',
    ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'mandelbrot=size=800x450', '-frames:v', '1', path],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`ffmpeg could not draw the live image: ${made.stderr}`);
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** An ffmpeg publishing a moving test pattern over RTMP, as an encoder in a store would. */
export type Publisher = {
  /** Resolves with ffmpeg's exit code (null when killed by a signal) once it ends, for whatever reason. */
  exited: Promise<number | null>;
  /** What ffmpeg said on stderr so far (errors only). */
  stderr: () => string;
  /** Stops publishing (ffmpeg's own 'q', then a signal) and waits until it has ended. */
  stop: () => Promise<void>;
  running: () => boolean;
};

/**
 * Starts `ffmpeg -re -f lavfi -i testsrc2=… -c:v libx264 … -f flv <rtmpUrl>/<key>`: a 640x360 pattern at 25
 * frames a second with a keyframe every second, so HLS segments can be cut at every second.
 */
export function publish(rtmpUrl: string, streamKey: string): Publisher {
  const child: ChildProcess = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=25',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '25',
      '-f',
      'flv',
      `${rtmpUrl}/${streamKey}`,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  let ended = false;
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      ended = true;
      resolve(code);
    });
    child.on('error', (error) => {
      ended = true;
      errors += String(error);
      resolve(-1);
    });
  });
  return {
    exited,
    stderr: () => errors,
    running: () => !ended,
    stop: async () => {
      if (ended) return;
      child.stdin?.end('q');
      const quit = await Promise.race([exited.then(() => true), delay(5000).then(() => false)]);
      if (!quit) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A bounded wait for the publisher's end: its exit code, or 'running' when it still publishes after `ms`. */
export async function exitWithin(publisher: Publisher, ms: number): Promise<number | null | 'running'> {
  return Promise.race([publisher.exited, delay(ms).then(() => 'running' as const)]);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
