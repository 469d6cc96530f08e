import { API } from '@signage/domain';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { editPlayer, listPlayers, playerDetail, removePlayer } from './service';

const C = API.players;

export const devicesRoutes: ModulePlugin = async (app, { deps: { db, media, playerSchedules, playerHealth } }) => {
  const deps = { db, schedules: playerSchedules, health: playerHealth, blobs: media.blobs };
  // The console's most read answer: written by a serializer compiled from its schema.
  route(app, C.list, async ({ user, query }) => listPlayers(deps, user, query), { compiledResponse: true });
  route(app, C.detail, async ({ user, params }) => ({
    devices: await playerDetail(deps, user, params.device_code),
  }));
  route(app, C.update, async ({ user, params, body }) => ({
    devices: await editPlayer(deps, user, params.device_code, body),
  }));
  route(app, C.remove, async ({ user, params }) => {
    const { revokedTokenHash } = await removePlayer(deps, user, params.device_code);
    // Refused here from the next call on, without waiting for the database's notification.
    if (revokedTokenHash) app.authCache.apply(`d:${revokedTokenHash}`);
    return null;
  });
};
