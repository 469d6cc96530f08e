import { API } from '@signage/domain';
import { route } from '../../http/route';
import { ingestHost } from '../../live';
import { visibleContent } from '../contents';
import type { ModulePlugin } from '../types';
import { sendLiveFile } from './playback';
import { liveStatus, rotateStreamKey } from './service';

const L = API.live;

/** Live streams in the console: on-air state and HLS under /api/live (readers of the content, its region). */
export const liveRoutes: ModulePlugin = async (app, { deps }) => {
  route(app, L.status, async ({ user, params }) => liveStatus(deps, user, params.content_id));
  route(app, L.file, async ({ user, params, reply }) => {
    const row = await visibleContent(deps.db, user, params.content_id);
    return sendLiveFile(deps.db, deps.media.liveIngest, row, params.file, reply);
  });
};

/** POST /api/contents/:key/stream-key lives under the contents prefix but belongs to live streams. */
export const streamKeyRoutes: ModulePlugin = async (app, { deps }) => {
  route(app, L.rotateKey, async ({ user, params, request }) =>
    rotateStreamKey(deps, user, params.key, ingestHost(deps.config.publicUrl, request.hostname), request.log),
  );
};
