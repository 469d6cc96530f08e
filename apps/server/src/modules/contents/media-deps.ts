import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createBlobStore } from '../../blob';
import type { Config } from '../../config';
import { createLiveIngest, createLiveProviders } from '../../live';
import type { MediaDeps } from '../types';

/** Resumable uploads are kept this long after their last byte, so a store can resume after a night offline. */
export const TUS_KEEP_MS = 24 * 60 * 60 * 1000;

export const uploadDirOf = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'uploads');
export const incomingDirOf = (uploadDir: string) => path.join(uploadDir, 'incoming');
export const tusDirOf = (uploadDir: string) => path.join(uploadDir, 'tus');
export const processingDirOf = (uploadDir: string) => path.join(uploadDir, 'processing');

/** The media dependencies the config asks for, with any the caller (a test) already made. */
export function createMediaDeps(config: Config, given: Partial<MediaDeps> = {}): MediaDeps {
  const liveIngest = given.liveIngest ?? createLiveIngest(config);
  return {
    blobs:
      given.blobs ??
      createBlobStore(config.storageUrl, config.dataDir, process.env, { publicEndpoint: config.storagePublicUrl }),
    liveIngest,
    liveProviders: given.liveProviders ?? createLiveProviders(config.live, liveIngest),
    uploadDir: given.uploadDir ?? uploadDirOf(config),
  };
}

/** Files directly in `dir` last written more than `olderThanMs` before `now` are removed; answers how many. */
async function removeOlderThan(dir: string, olderThanMs: number, now: number): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > olderThanMs) {
      await rm(file, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * What a crash mid-upload leaves behind, removed at start and with every orphan sweep: multipart temp files
 * and processing copies (thumbnails, a remote store's original fetched for one) not written for `graceMs`,
 * resumable uploads untouched for a day (a store may resume one after a night offline), and the blob store's
 * own temp files. Nothing fresher: another server process sharing DATA_DIR may be writing it right now (a
 * file being received or made is written all along, so its time stays fresh).
 */
export async function cleanUploadLeftovers(
  media: Pick<MediaDeps, 'blobs' | 'uploadDir'>,
  { graceMs, now = Date.now() }: { graceMs: number; now?: number },
): Promise<number> {
  let removed = await removeOlderThan(incomingDirOf(media.uploadDir), graceMs, now);
  removed += await removeOlderThan(processingDirOf(media.uploadDir), graceMs, now);
  removed += await removeOlderThan(tusDirOf(media.uploadDir), Math.max(TUS_KEEP_MS, graceMs), now);
  // S3 keeps its default (a day): a multipart upload's age is its start, and a large one may take a while.
  return removed + (await media.blobs.cleanTemp(media.blobs.kind === 'disk' ? { olderThanMs: graceMs } : {}));
}
