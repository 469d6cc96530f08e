import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** ffmpeg on PATH, else the binary shipped by the npm package the server also falls back to. */
function ffmpeg(): string {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'ffmpeg'))) return join(dir, 'ffmpeg');
  }
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

function run(args: string[]): void {
  const result = spawnSync(ffmpeg(), ['-v', 'error', '-y', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
}

/**
 * Test media made on the spot: a PNG poster, a lossless test-pattern MP4 of about 24 MB (over the console's
 * resumable-upload threshold, so it travels by tus) and a text file dressed up as a PNG.
 */
export function makeMedia(): { dir: string; png: string; mp4: string; fakePng: string } {
  const dir = mkdtempSync(join(tmpdir(), 'signage-e2e-media-'));
  const png = join(dir, 'spring-poster.final.png');
  const mp4 = join(dir, 'store-clip.mp4');
  const fakePng = join(dir, 'notes.png');
  run(['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=1', '-frames:v', '1', png]);
  run([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=25:duration=14',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-qp',
    '0',
    '-pix_fmt',
    'yuv420p',
    mp4,
  ]);
  writeFileSync(fakePng, 'these are meeting notes, not a picture\n');
  return { dir, png, mp4, fakePng };
}
