import { AGENT_CONTRACTS, AGENT_MESSAGES } from '@signage/domain';
import { HttpError, notFound } from '../http/envelope';
import { route } from '../http/route';
import { sendBlob } from '../media';
import { findContentsById } from '../modules/contents';
import type { ModulePlugin } from '../modules/types';
import { resolveManifest } from './manifest';

/**
 * GET /agent/v1/media/:content_id: a file of the player's current manifest through the blob store (disk or
 * S3 alike), with Range so a dropped download resumes; 403 for any content its manifest does not carry.
 */
export const mediaRoute: ModulePlugin = async (app, { deps: { db, media } }) => {
  route(app, AGENT_CONTRACTS.media, async ({ params, device, request, reply }) => {
    const manifest = await resolveManifest(db, device, new Date());
    const listed = manifest.schedules.some((s) => s.media.some((m) => m.content_id === params.content_id && m.url));
    if (!listed) throw new HttpError(403, AGENT_MESSAGES.mediaNotInManifest);
    const [row] = await findContentsById(db, [params.content_id]);
    if (!row?.mediaKey) throw notFound();
    return sendBlob(request, reply, media.blobs, row.mediaKey, row.sha256 ? { etag: row.sha256 } : {});
  });
};
