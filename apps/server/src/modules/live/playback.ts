import { MESSAGES } from '@signage/domain';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/envelope';
import { hlsContentType, isPlaylist, type LiveIngest } from '../../live';
import type { ContentRow } from '../contents';
import { isOnAir } from './repo';

/**
 * Segments never change once listed, but the same name under the same content may hold another broadcast
 * later (a new key, an ingest restart): kept a few seconds, by the one viewer only.
 */
const SEGMENT_CACHE = 'private, max-age=10';

const offAir = () => new HttpError(404, MESSAGES.notFound);

/**
 * A file of a self-hosted stream's HLS, as the ingest writes it under the stream's current key: the playlist
 * revalidated on every load (it changes each second), segments cacheable briefly. 404 while off air, and for
 * anything but our own ingest's streams. Names were checked by the route's schema and again by the source.
 */
export async function sendLiveFile(
  db: Database,
  ingest: LiveIngest,
  row: ContentRow,
  file: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (row.type !== 'stream' || row.livePlatform !== 'selfhosted' || !row.streamKey) throw offAir();
  if (!(await isOnAir(db, row.id, new Date()))) throw offAir();
  let found: Awaited<ReturnType<LiveIngest['hls']['read']>>;
  try {
    found = await ingest.hls.read(row.streamKey, file);
  } catch (error) {
    reply.log.warn({ contentId: row.id, reason: (error as Error).message }, 'live: could not read the HLS');
    throw new HttpError(502, MESSAGES.unexpectedError);
  }
  if (!found) throw offAir();
  reply
    .header('content-type', hlsContentType(file))
    .header('cache-control', isPlaylist(file) ? 'no-cache' : SEGMENT_CACHE)
    .header('x-content-type-options', 'nosniff');
  if (found.size !== undefined) reply.header('content-length', found.size);
  return reply.send(found.body);
}
