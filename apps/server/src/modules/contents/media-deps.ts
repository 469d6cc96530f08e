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

/** The media dependencies the config asks for, with any the caller (a test) already made. */
export function createMediaDeps(config: Config, given: Partial<MediaDeps> = {}): MediaDeps {
  const liveIngest = given.liveIngest ?? createLiveIngest(config);
  return {
    blobs: given.blobs ?? createBlobStore(config.storageUrl, config.dataDir),
    liveIngest,
    liveProviders: given.liveProviders ?? createLiveProviders(config.live, liveIngest),
    uploadDir: given.uploadDir ?? uploadDirOf(config),
  };
}

/**
 * What a crash mid-upload leaves behind, removed at start: every multipart temp file (nobody can finish
 * those), resumable uploads untouched for a day, and the blob store's own temp files.
 */
export async function cleanUploadLeftovers(media: MediaDeps, now = Date.now()): Promise<number> {
  await rm(incomingDirOf(media.uploadDir), { recursive: true, force: true });
  let removed = 0;
  const tusDir = tusDirOf(media.uploadDir);
  const names = await readdir(tusDir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(tusDir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > TUS_KEEP_MS) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed + (await media.blobs.cleanTemp());
}
