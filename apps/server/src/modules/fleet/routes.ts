import { API } from '@signage/domain';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { fleetHealth } from './health';

/** /api/fleet/health. */
export const fleetRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, API.fleet.health, async ({ user }) => fleetHealth(db, user));
};
