import { API } from '@signage/domain';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { changeSetting, createSetting, getSetting, listSettingPage, removeSetting } from './service';

const C = API.setting;

/** Tags (SPEC.md section 7, settings): who may read and change them is in the contracts. */
export const settingRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, C.list, async ({ query }) => listSettingPage(db, query));
  route(app, C.get, async ({ params }) => getSetting(db, params.key));
  route(app, C.create, async ({ user, body }) => createSetting(db, user, body));
  route(app, C.update, async ({ user, params, body }) => changeSetting(db, user, params.key, body));
  route(app, C.remove, async ({ user, params }) => {
    await removeSetting(db, user, params.key);
    return null;
  });
};
