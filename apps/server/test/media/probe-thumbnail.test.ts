import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateFfmpeg, locateFfprobe } from '../../src/media/binaries';
import { probeMedia } from '../../src/media/probe';
import { processUpload } from '../../src/media/process-upload';
import { runTool } from '../../src/media/run';
import { readFileHead, sniffMediaType } from '../../src/media/sniff';
import { makeThumbnail, thumbnailTime } from '../../src/media/thumbnail';
import { MediaRejectedError } from '../../src/media/upload-rules';
import { makeTempDir, writeClip, writeImage, writeText } from './fixtures';

let dir: string;
let remove: () => Promise<void>;
const at = (name: string) => join(dir, name);

beforeAll(async () => {
  ({ dir, remove } = await makeTempDir('probe'));
  await Promise.all([
    writeImage(at('wide.png'), 'png', 1280, 720),
    writeImage(at('tall.jpg'), 'jpeg', 600, 1200),
    writeImage(at('small.png'), 'png', 100, 50),
    writeClip(at('clip.mp4')),
    writeClip(at('portrait.mov'), '360x640'),
    writeClip(at('short.mp4'), '320x240', 0.4),
    writeText(at('notes.txt'), 'not an image at all'),
  ]);
});
afterAll(() => remove());

async function expectJpeg(path: string, width: number, height: number): Promise<void> {
  const bytes = await readFile(path);
  expect(sniffMediaType(bytes)).toBe('image/jpeg');
  const metadata = await sharp(bytes).metadata();
  expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
    format: 'jpeg',
    width,
    height,
  });
}

describe('locating ffmpeg and ffprobe', () => {
  it("prefers ffmpeg on PATH, and the package's static ffprobe (it runs on every upload's request)", async () => {
    expect(await locateFfmpeg({ searchPath: '/usr/local/bin:/usr/bin' })).toMatch(/\/usr\/(local\/)?bin\/ffmpeg$/);
    const ffprobe = await locateFfprobe({ searchPath: '/usr/local/bin:/usr/bin' });
    expect(ffprobe).toContain('@ffprobe-installer');
    const { stdout } = await runTool(ffprobe, ['-version'], { timeoutMs: 20_000 });
    expect(stdout.toString()).toMatch(/^ffprobe version/);
  });

  it('falls back to the npm packages, which actually run', async () => {
    const ffmpeg = await locateFfmpeg({ searchPath: '' });
    const ffprobe = await locateFfprobe({ searchPath: '' });
    expect(ffmpeg).toContain('@ffmpeg-installer');
    expect(ffprobe).toContain('@ffprobe-installer');
    const { stdout } = await runTool(ffprobe, ['-version'], { timeoutMs: 20_000 });
    expect(stdout.toString()).toMatch(/^ffprobe version/);
  });
});

describe('probeMedia', () => {
  it('measures images with sharp', async () => {
    expect(await probeMedia(at('wide.png'))).toEqual({
      width: 1280,
      height: 720,
      durationSeconds: null,
      hasVideo: false,
    });
    expect(await probeMedia(at('tall.jpg'))).toMatchObject({ width: 600, height: 1200 });
  });

  it('measures movies with ffprobe', async () => {
    const probe = await probeMedia(at('clip.mp4'));
    expect(probe).toMatchObject({ width: 320, height: 240, hasVideo: true });
    expect(probe.durationSeconds).toBeCloseTo(2, 1);
    // The test clip is encoded with ffmpeg's default MP4 encoder: H.264 where built in, else MPEG-4 Part 2.
    expect(probe.videoCodec).toMatch(/^(h264|mpeg4)$/);
    expect(await probeMedia(at('portrait.mov'))).toMatchObject({ width: 360, height: 640, hasVideo: true });
  });

  it('rejects a file that is not media', async () => {
    await expect(probeMedia(at('notes.txt'))).rejects.toBeInstanceOf(MediaRejectedError);
    await expect(probeMedia(at('notes.txt'), { kind: 'movie' })).rejects.toMatchObject({ reason: 'unreadable' });
  });
});

describe('makeThumbnail', () => {
  it('fits images inside 320x320 as JPEG and never enlarges', async () => {
    expect(await makeThumbnail(at('wide.png'), 'image', at('wide.thumb.jpg'))).toMatchObject({
      width: 320,
      height: 180,
    });
    await expectJpeg(at('wide.thumb.jpg'), 320, 180);
    await makeThumbnail(at('tall.jpg'), 'image', at('tall.thumb.jpg'));
    await expectJpeg(at('tall.thumb.jpg'), 160, 320);
    await makeThumbnail(at('small.png'), 'image', at('small.thumb.jpg'));
    await expectJpeg(at('small.thumb.jpg'), 100, 50);
  });

  it('grabs a movie frame as a 320-wide JPEG', async () => {
    const thumb = await makeThumbnail(at('clip.mp4'), 'movie', at('clip.thumb.jpg'), { durationSeconds: 2 });
    expect(thumb.size).toBeGreaterThan(0);
    await expectJpeg(at('clip.thumb.jpg'), 320, 240);
    await makeThumbnail(at('portrait.mov'), 'movie', at('portrait.thumb.jpg'), { durationSeconds: 2 });
    await expectJpeg(at('portrait.thumb.jpg'), 180, 320);
  });

  it('picks the frame at min(1 s, 10 % of the duration)', () => {
    expect(thumbnailTime(60)).toBe(1);
    expect(thumbnailTime(2)).toBeCloseTo(0.2);
    expect(thumbnailTime(null)).toBe(0);
  });

  it('still finds a frame when the stated duration overstates the clip', async () => {
    // 1 s into a 0.4 s clip has no frame: the first frame is used instead.
    await makeThumbnail(at('short.mp4'), 'movie', at('late.thumb.jpg'), { durationSeconds: 10 });
    await expectJpeg(at('late.thumb.jpg'), 320, 240);
  });
});

describe('processUpload', () => {
  const sha256 = async (path: string) =>
    createHash('sha256')
      .update(await readFile(path))
      .digest('hex');

  it('returns everything the content row needs for a movie', async () => {
    const result = await processUpload(at('clip.mp4'), { filename: 'Spring sale.mp4', declaredType: 'video/mp4' });
    expect(result).toMatchObject({
      kind: 'movie',
      contentType: 'video/mp4',
      extension: 'mp4',
      size: (await stat(at('clip.mp4'))).size,
      sha256: await sha256(at('clip.mp4')),
      width: 320,
      height: 240,
      thumbnail: { path: `${at('clip.mp4')}.thumb.jpg`, contentType: 'image/jpeg', width: 320, height: 240 },
    });
    expect(result.durationSeconds).toBeCloseTo(2, 1);
    await expectJpeg(result.thumbnail.path, 320, 240);
  });

  it('processes an image, trusting a sha256 measured while receiving', async () => {
    const result = await processUpload(at('wide.png'), {
      filename: 'banner.png',
      declaredType: 'image/png',
      thumbnailPath: at('banner.thumb.jpg'),
      sha256: 'f'.repeat(64),
    });
    expect(result).toMatchObject({
      kind: 'image',
      width: 1280,
      height: 720,
      durationSeconds: null,
      sha256: 'f'.repeat(64),
    });
    await expectJpeg(at('banner.thumb.jpg'), 320, 180);
  });

  it('rejects a .txt renamed .png before doing any work', async () => {
    await writeFile(at('renamed.png'), 'hello');
    const failure = processUpload(at('renamed.png'), {
      filename: 'renamed.png',
      declaredType: 'image/png',
      thumbnailPath: at('renamed.thumb.jpg'),
    });
    await expect(failure).rejects.toMatchObject({
      name: 'MediaRejectedError',
      reason: 'content',
      message: 'The specified file cannot be uploaded due to incorrect extension',
    });
    await expect(stat(at('renamed.thumb.jpg'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('rejects a corrupt movie with the right magic bytes and leaves no thumbnail', async () => {
    const header = await readFileHead(at('clip.mp4'), 64);
    await writeFile(at('corrupt.mp4'), Buffer.concat([header, Buffer.alloc(4096, 7)]));
    await expect(
      processUpload(at('corrupt.mp4'), {
        filename: 'corrupt.mp4',
        declaredType: 'video/mp4',
        thumbnailPath: at('corrupt.thumb.jpg'),
      }),
    ).rejects.toBeInstanceOf(MediaRejectedError);
    await expect(stat(at('corrupt.thumb.jpg'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
