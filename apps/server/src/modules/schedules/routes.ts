import { SCHEDULE_CONTRACTS } from '@signage/domain';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { getSchedule, listSchedules } from './read';
import { createSchedule, duplicateSchedule, removeSchedule, updateSchedule } from './service';

const C = SCHEDULE_CONTRACTS;

export const schedulesRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, C.list, async ({ user, query }) => listSchedules(db, user, query));
  route(app, C.get, async ({ user, params }) => getSchedule(db, user, params.schedule_id));
  route(app, C.create, async ({ user, body }) => createSchedule(db, user, body));
  route(app, C.duplicate, async ({ user, params, body }) => duplicateSchedule(db, user, params.schedule_id, body));
  route(app, C.update, async ({ user, params, body }) => updateSchedule(db, user, params.schedule_id, body));
  route(app, C.remove, async ({ user, params }) => {
    await removeSchedule(db, user, params.schedule_id);
    return null;
  });
};
