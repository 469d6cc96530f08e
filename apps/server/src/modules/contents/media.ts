import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/envelope';
import { sendBlob } from '../../media';
import type { MediaDeps } from '../types';
import type { ContentRow } from './repo';

/** A content's file or thumbnail, served by the shared media sender (Range, caching). */
export async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  media: MediaDeps,
  row: ContentRow,
  which: 'file' | 'thumbnail',
) {
  const key = which === 'file' ? row.mediaKey : row.thumbnailKey;
  if (!key) throw notFound();
  const etag = which === 'file' && row.sha256 ? row.sha256 : undefined;
  return sendBlob(request, reply, media.blobs, key, { etag });
}
