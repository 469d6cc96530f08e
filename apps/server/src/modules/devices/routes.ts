import {
  ROLE_GROUPS,
  ZDeviceCodeParams,
  ZDeviceDetail,
  ZDeviceList,
  ZDeviceListQuery,
  ZDeviceUpdate,
} from '@signage/domain';
import { currentUser } from '../../auth/guards';
import { ok, responses, ZEmpty } from '../../http/envelope';
import type { ModulePlugin } from '../types';
import { editPlayer, listPlayers, playerDetail, removePlayer } from './service';

export const devicesRoutes: ModulePlugin = async (app, { deps: { db, media } }) => {
  app.get('/', {
    schema: {
      tags: ['players'],
      summary: 'Player list: every filter of SPEC.md section 7, keyset cursor (endCursor), region-bound by role',
      querystring: ZDeviceListQuery,
      response: responses(ZDeviceList, 400, 401, 403),
    },
    handler: async (request) => ok(await listPlayers(db, currentUser(request), request.query, media.blobs)),
  });

  app.get('/:device_code', {
    schema: {
      tags: ['players'],
      summary: 'One player (as a list of one)',
      params: ZDeviceCodeParams,
      response: responses(ZDeviceDetail, 400, 401, 404),
    },
    handler: async (request) =>
      ok({ devices: await playerDetail(db, currentUser(request), request.params.device_code, media.blobs) }),
  });

  app.put('/:device_code', {
    schema: {
      tags: ['players'],
      summary:
        'Edit memo, store type, installation site and tags (not DS_ST); store code, name, country and display pattern (DS_LHQIT in its region, DS_FRIT)',
      params: ZDeviceCodeParams,
      body: ZDeviceUpdate,
      response: responses(ZDeviceDetail, 400, 401, 403, 404),
    },
    handler: async (request) =>
      ok({
        devices: await editPlayer(db, currentUser(request), request.params.device_code, request.body, media.blobs),
      }),
  });

  app.delete('/:device_code', {
    preHandler: app.requireRoles(...ROLE_GROUPS.playerDeleters),
    schema: {
      tags: ['players'],
      summary: 'Delete a player (DS_LHQIT, DS_FRIT); revokes its device token',
      params: ZDeviceCodeParams,
      response: responses(ZEmpty, 400, 401, 403, 404),
    },
    handler: async (request) => {
      await removePlayer(db, media.blobs, currentUser(request), request.params.device_code);
      return ok(null);
    },
  });
};
