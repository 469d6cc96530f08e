import { AGENT_CONTRACTS, AGENT_MESSAGES } from '@signage/domain';
import { HttpError, notFound } from '../http/envelope';
import { route } from '../http/route';
import { findContentsById } from '../modules/contents';
import { sendLiveFile } from '../modules/live';
import type { ModulePlugin } from '../modules/types';
import { LiveAccessCache } from './liveAccess';
import { resolveManifest } from './manifest';

/**
 * GET /agent/v1/live/:content_id/:file: a live stream's HLS playlist or segment for a player whose manifest
 * carries the stream (403 otherwise; the decision is remembered a few seconds), 404 while it is off air.
 */
export const liveRoute: ModulePlugin = async (app, { deps: { db, media } }) => {
  const access = new LiveAccessCache();
  route(app, AGENT_CONTRACTS.live, async ({ params, device, reply }) => {
    let allowed = access.get(device.deviceCode, params.content_id);
    if (allowed === undefined) {
      const manifest = await resolveManifest(db, device, new Date());
      allowed = manifest.schedules.some((s) =>
        s.media.some((m) => m.content_id === params.content_id && m.stream_url !== null),
      );
      access.set(device.deviceCode, params.content_id, allowed);
    }
    if (!allowed) throw new HttpError(403, AGENT_MESSAGES.mediaNotInManifest);
    const [row] = await findContentsById(db, [params.content_id]);
    if (!row || row.deletedAt !== null) throw notFound();
    return sendLiveFile(db, media.liveIngest, row, params.file, reply);
  });
};
