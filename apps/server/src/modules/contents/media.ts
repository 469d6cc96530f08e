import { MESSAGES } from '@signage/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentRange, parseRange } from '../../blob';
import { HttpError, notFound } from '../../http/envelope';
import type { MediaDeps } from '../types';
import type { ContentRow } from './repo';

/**
 * Streams a content's file or thumbnail with HTTP Range support (video seeking): 206 with Content-Range for
 * one satisfiable range, 416 for an unsatisfiable one, 200 for the whole object. Media of a content never
 * changes (a new file is a new content), so browsers may keep it; `private` keeps shared caches out.
 */
export async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  media: MediaDeps,
  row: ContentRow,
  which: 'file' | 'thumbnail',
) {
  const key = which === 'file' ? row.mediaKey : row.thumbnailKey;
  if (!key) throw notFound();
  const info = await media.blobs.head(key);
  if (!info) throw notFound();
  const range = parseRange(request.headers.range, info.size);
  if (range === 'unsatisfiable') {
    throw new HttpError(416, MESSAGES.invalidRequest, { 'content-range': contentRange(null, info.size) });
  }
  const object = await media.blobs.get(key, range ?? undefined);
  reply
    .header('content-type', object.contentType)
    .header('content-length', String(object.size))
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, max-age=86400');
  if (which === 'file' && row.sha256) reply.header('etag', `"${row.sha256}"`);
  if (range) reply.status(206).header('content-range', contentRange(range, info.size));
  return reply.send(object.stream);
}
