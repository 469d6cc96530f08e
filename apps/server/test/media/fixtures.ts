import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { locateFfmpeg } from '../../src/media/binaries';
import { runTool } from '../../src/media/run';

export async function makeTempDir(label: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `signage-${label}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A real image of the given size, drawn by sharp (a gradient-free solid colour is enough for metadata). */
export async function writeImage(path: string, format: 'png' | 'jpeg', width: number, height: number): Promise<void> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  await (format === 'png' ? image.png() : image.jpeg()).toFile(path);
}

/** A real 2 s clip with ffmpeg's test pattern; the extension picks the container (.mp4 or .mov). */
export async function writeClip(path: string, size = '320x240', duration = 2): Promise<void> {
  const ffmpeg = await locateFfmpeg();
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=${duration}:size=${size}:rate=25`];
  await runTool(ffmpeg, [...args, '-pix_fmt', 'yuv420p', path], { timeoutMs: 60_000 });
}

export async function writeText(path: string, text: string): Promise<void> {
  await writeFile(path, text, 'utf8');
}
