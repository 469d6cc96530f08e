import { API } from '@signage/domain';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { cancelEmergency, listEmergencies, postEmergency } from './service';

const E = API.emergencies;

/** /api/emergencies: post, list and cancel emergency messages. */
export const emergencyRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, E.post, async ({ user, body }) => postEmergency(db, user, body));
  route(app, E.list, async ({ user, query }) => listEmergencies(db, user, query));
  route(app, E.cancel, async ({ user, params }) => cancelEmergency(db, user, params.emergency_id));
};
