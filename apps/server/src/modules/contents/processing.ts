import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type BlobStore, DiskBlobStore, hashFile } from '../../blob';
import type { Database } from '../../db/client';
import { contents } from '../../db/schema';
import { makeThumbnail, THUMBNAIL_CONTENT_TYPE } from '../../media';
import type { ContentPlayersPort, ContentProcessingPort, ManifestChangePort, MediaDeps } from '../types';
import { thumbnailKeyOf } from './keys';
import { processingDirOf } from './media-deps';
import { findContentIncludingDeleted } from './repo';

/**
 * `enqueue` takes up a content after its row is committed; `resume` enqueues every content left
 * 'processing' (a restart) and answers how many; `idle` resolves once nothing is queued or running; `stop`
 * takes no more work and waits for the job running now.
 *
 * The work an upload's answer does not wait for: the thumbnail (and the sha256 of a resumable upload,
 * which arrives in pieces over several requests). A content is 'processing' until it is done, then
 * 'ready' (the players that schedule it are told to collect) or 'failed'. One job at a time: thumbnails
 * are CPU work, and requests come first. What a stop leaves undone is still 'processing' in the table,
 * and `resume` (at start) takes it up again.
 */
export type ContentProcessing = ContentProcessingPort;

type ProcessingDeps = {
  db: Database;
  media: MediaDeps;
  contentPlayers: ContentPlayersPort;
  changeManifests: ManifestChangePort;
  log: FastifyBaseLogger;
};

/**
 * Runs `work` on a local file holding the blob: the disk store's own file (read only, never moved), or a
 * copy fetched from another store into the processing folder and removed after.
 */
async function withLocalFile<T>(
  blobs: BlobStore,
  key: string,
  folder: string,
  work: (file: string) => Promise<T>,
): Promise<T> {
  if (blobs instanceof DiskBlobStore) return work(blobs.pathOf(key));
  await mkdir(folder, { recursive: true });
  const copy = path.join(folder, `${randomUUID()}${path.extname(key)}`);
  try {
    const object = await blobs.get(key);
    await pipeline(object.stream, createWriteStream(copy, { flags: 'wx' }));
    return await work(copy);
  } finally {
    await rm(copy, { force: true });
  }
}

export function createContentProcessing(deps: ProcessingDeps): ContentProcessing {
  const { db, media, log } = deps;
  const queue: string[] = [];
  const queued = new Set<string>();
  let draining: Promise<void> | null = null;
  /** 1 while a content is being processed (taken off the queue). */
  let running = 0;
  let stopped = false;

  async function finish(contentId: string, change: Partial<typeof contents.$inferInsert>): Promise<boolean> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(contents)
        .set(change)
        .where(and(eq(contents.id, contentId), eq(contents.processingState, 'processing'), isNull(contents.deletedAt)))
        .returning({ id: contents.id });
      // The manifests of the players that schedule it now carry it: they collect once this commits.
      if (rows.length > 0 && change.processingState === 'ready') {
        await deps.changeManifests(tx, await deps.contentPlayers(tx, contentId), 'content');
      }
      return rows.length > 0;
    });
  }

  async function processOne(contentId: string): Promise<void> {
    const row = await findContentIncludingDeleted(db, contentId);
    if (row?.processingState !== 'processing' || row.deletedAt !== null || !row.mediaKey) return;
    if (row.type === 'stream') return;
    const mediaKey = row.mediaKey;
    const thumbnailKey = thumbnailKeyOf(row.id);
    const folder = processingDirOf(media.uploadDir);
    const started = performance.now();
    try {
      await mkdir(folder, { recursive: true });
      const thumbnailPath = path.join(folder, `${randomUUID()}.thumb.jpg`);
      const sha256 = await withLocalFile(media.blobs, mediaKey, folder, async (file) => {
        try {
          const [measured] = await Promise.all([
            row.sha256 ? null : hashFile(file),
            makeThumbnail(file, row.type as 'image' | 'movie', thumbnailPath, { durationSeconds: row.durationSeconds }),
          ]);
          await media.blobs.putFile(thumbnailKey, thumbnailPath, {
            contentType: THUMBNAIL_CONTENT_TYPE,
            removeSource: true,
          });
          return measured?.sha256 ?? row.sha256;
        } finally {
          await rm(thumbnailPath, { force: true });
        }
      });
      const saved = await finish(row.id, { processingState: 'ready', thumbnailKey, sha256 });
      // Deleted meanwhile: its blobs went with the delete, except the thumbnail stored just now. (Not saved
      // because another server finished it first: the thumbnail is the same one, and stays.)
      if (!saved && (await findContentIncludingDeleted(db, row.id))?.deletedAt) {
        await media.blobs.delete(thumbnailKey).catch(() => undefined);
      }
      log.info({ contentId: row.id, ms: Math.round(performance.now() - started) }, 'content processed');
    } catch (error) {
      log.error({ err: error, contentId: row.id }, 'content processing failed');
      await finish(row.id, { processingState: 'failed' });
    }
  }

  async function drain(): Promise<void> {
    // After the answer that enqueued the content has gone out.
    await new Promise((resolve) => setImmediate(resolve));
    while (!stopped && queue.length > 0) {
      const contentId = queue.shift() as string;
      queued.delete(contentId);
      running = 1;
      await processOne(contentId).catch((error: unknown) => {
        // Only the database can fail here (a row that could not be read or marked): a restart retries it.
        log.error({ err: error, contentId }, 'content processing could not record its outcome');
      });
      running = 0;
    }
    draining = null;
  }

  const enqueue = (contentId: string) => {
    if (stopped || queued.has(contentId)) return;
    queue.push(contentId);
    queued.add(contentId);
    draining ??= drain();
  };

  return {
    enqueue,
    async resume() {
      const rows = await db
        .select({ id: contents.id })
        .from(contents)
        .where(and(eq(contents.processingState, 'processing'), isNull(contents.deletedAt)))
        .orderBy(asc(contents.createdAt));
      for (const row of rows) enqueue(row.id);
      if (rows.length > 0) log.info({ contents: rows.length }, 'resuming content processing');
      return rows.length;
    },
    async idle() {
      while (draining) await draining;
    },
    size: () => queue.length + running,
    async stop() {
      stopped = true;
      queue.length = 0;
      queued.clear();
      await draining;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's processing queue (tests wait for it with `idle()`). */
    contentProcessing: ContentProcessingPort;
  }
}
