import { API } from '@signage/domain';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { editPlayer, listPlayers, playerDetail, removePlayer } from './service';

const C = API.players;

export const devicesRoutes: ModulePlugin = async (app, { deps: { db, media } }) => {
  route(app, C.list, async ({ user, query }) => listPlayers(db, user, query, media.blobs));
  route(app, C.detail, async ({ user, params }) => ({
    devices: await playerDetail(db, user, params.device_code, media.blobs),
  }));
  route(app, C.update, async ({ user, params, body }) => ({
    devices: await editPlayer(db, user, params.device_code, body, media.blobs),
  }));
  route(app, C.remove, async ({ user, params }) => {
    await removePlayer(db, user, params.device_code);
    return null;
  });
};
