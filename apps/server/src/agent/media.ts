import { AGENT_CONTRACTS, AGENT_MESSAGES } from '@signage/domain';
import { HttpError, notFound } from '../http/envelope';
import { route } from '../http/route';
import { sendBlob } from '../media';
import { findContentsById } from '../modules/contents';
import type { ModulePlugin } from '../modules/types';
import { resolveManifest } from './manifest';

/**
 * GET /agent/v1/media/:content_id: a file of the player's current manifest (an emergency message's image too); 403 for any content its manifest
 * does not carry. With a store players can read directly (S3), a 307 to a URL signed for exactly that object
 * for MEDIA_URL_TTL_SECONDS: the bytes go from the storage (or the CDN in front of it) to the player, never
 * through a server, while the manifest keeps naming this route (its version, and so its 304, stay stable). The
 * browser follows the redirect with the same Range header and drops the device token (another origin). The
 * disk store is streamed from here, with Range, so a dropped download resumes. docs/media-delivery.md.
 */
export const mediaRoute: ModulePlugin = async (app, { deps: { db, media, config } }) => {
  route(app, AGENT_CONTRACTS.media, async ({ params, device, request, reply }) => {
    const manifest = await resolveManifest(db, device, new Date());
    const listed = [
      ...manifest.schedules.flatMap((s) => s.media),
      ...(manifest.emergency?.media ? [manifest.emergency.media] : []),
    ].some((m) => m.content_id === params.content_id && m.url);
    if (!listed) throw new HttpError(403, AGENT_MESSAGES.mediaNotInManifest);
    const [row] = await findContentsById(db, [params.content_id]);
    if (!row?.mediaKey) throw notFound();
    if (media.blobs.signedGetUrl) {
      const url = await media.blobs.signedGetUrl(row.mediaKey, { expiresInSeconds: config.mediaUrlTtlSeconds });
      // Each request signs anew: a kept redirect would outlive its URL.
      return reply.header('cache-control', 'no-store').redirect(url, 307);
    }
    return sendBlob(request, reply, media.blobs, row.mediaKey, row.sha256 ? { etag: row.sha256 } : {});
  });
};
