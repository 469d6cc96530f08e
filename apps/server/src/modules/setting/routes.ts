import { ZSetting, ZSettingKeyParams, ZSettingList, ZSettingListQuery, ZSettingWrite } from '@signage/domain';
import { currentUser } from '../../auth/guards';
import { ok, responses, ZEmpty } from '../../http/envelope';
import type { ModulePlugin } from '../types';
import { changeSetting, createSetting, getSetting, listSettingPage, removeSetting } from './service';

/**
 * Tags (SPEC.md section 7, settings). Any signed-in role reads them (the player screens' pickers);
 * only DS_FRIT changes them, checked before the body is looked at.
 */
export const settingRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  const writers = app.requireRoles('DS_FRIT');

  app.get('/', {
    schema: {
      tags: ['setting'],
      summary: 'Tags, newest update first, by keyset cursor with a total count',
      querystring: ZSettingListQuery,
      response: responses(ZSettingList, 400, 401),
    },
    handler: async (request) => ok(await listSettingPage(db, request.query)),
  });

  app.get('/:key', {
    schema: {
      tags: ['setting'],
      summary: 'One tag',
      params: ZSettingKeyParams,
      response: responses(ZSetting, 400, 401, 404),
    },
    handler: async (request) => ok(await getSetting(db, request.params.key)),
  });

  app.post('/', {
    onRequest: writers,
    schema: {
      tags: ['setting'],
      summary: 'Register a tag (DS_FRIT); level and type_id follow from type',
      body: ZSettingWrite,
      response: responses(ZSetting, 400, 401, 403, 409),
    },
    handler: async (request) => ok(await createSetting(db, currentUser(request), request.body)),
  });

  app.put('/:key', {
    onRequest: writers,
    schema: {
      tags: ['setting'],
      summary: 'Update a tag (DS_FRIT)',
      params: ZSettingKeyParams,
      body: ZSettingWrite,
      response: responses(ZSetting, 400, 401, 403, 404, 409),
    },
    handler: async (request) => ok(await changeSetting(db, currentUser(request), request.params.key, request.body)),
  });

  app.delete('/:key', {
    onRequest: writers,
    schema: {
      tags: ['setting'],
      summary: 'Delete a tag (DS_FRIT); not presets, not categories that still have tags',
      params: ZSettingKeyParams,
      response: responses(ZEmpty, 400, 401, 403, 404, 409),
    },
    handler: async (request) => {
      await removeSetting(db, currentUser(request), request.params.key);
      return ok(null);
    },
  });
};
