import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { AGENT_MESSAGES, type TLogUpload } from '@signage/domain';
import type { BlobStore } from '../../blob';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/envelope';
import { insertLog } from './repo';

/** Stores a log file a player uploaded: the text in the blob store first, then its row (no row without its text). */
export async function storeUploadedLog(db: Database, blobs: BlobStore, deviceCode: string, upload: TLogUpload) {
  const startedAt = new Date(upload.started_at);
  const endedAt = new Date(upload.ended_at);
  if (endedAt < startedAt) throw new HttpError(400, AGENT_MESSAGES.badRange);
  const logId = randomUUID();
  const blobKey = `logs/${deviceCode}/${logId}.log`;
  const stored = await blobs.put(blobKey, Readable.from([Buffer.from(upload.content, 'utf8')]), {
    contentType: 'text/plain; charset=utf-8',
  });
  try {
    await insertLog(db, {
      logId,
      deviceCode,
      name: upload.name,
      level: upload.level,
      startedAt,
      endedAt,
      size: stored.size,
      blobKey,
      createdAt: new Date(),
    });
  } catch (error) {
    await blobs.delete(blobKey).catch(() => {});
    throw error;
  }
  return { log_id: logId, size: stored.size };
}
