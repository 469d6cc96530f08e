import { MESSAGES } from '@signage/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type BlobStore, contentRange, parseRange } from '../blob';
import { HttpError, notFound } from '../http/envelope';

export type ServeOptions = {
  /** A strong validator when the caller knows one (a content file's sha256). */
  etag?: string;
};

/**
 * Streams one stored object with HTTP Range support (video seeking): 206 with Content-Range for one
 * satisfiable range, 416 for an unsatisfiable one, 200 for the whole object, 404 when it is missing.
 * Stored media never changes under its key (a new file is a new key), so browsers may keep it a day;
 * `private` keeps shared caches out. Used for staff (/api/contents) and, later, device tokens.
 */
export async function sendBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  key: string,
  options: ServeOptions = {},
) {
  const info = await blobs.head(key);
  if (!info) throw notFound();
  const range = parseRange(request.headers.range, info.size);
  if (range === 'unsatisfiable') {
    throw new HttpError(416, MESSAGES.invalidRequest, { 'content-range': contentRange(null, info.size) });
  }
  const object = await blobs.get(key, range ?? undefined);
  reply
    .header('content-type', object.contentType)
    .header('content-length', String(object.size))
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, max-age=86400');
  if (options.etag) reply.header('etag', `"${options.etag}"`);
  if (range) reply.status(206).header('content-range', contentRange(range, info.size));
  return reply.send(object.stream);
}
