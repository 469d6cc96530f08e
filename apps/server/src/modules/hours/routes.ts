import { API } from '@signage/domain';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { playerHours, setBulkHours, setPlayerHours } from './service';

const H = API.hours;

/** /api/devices/:device_code/hours and /api/devices/hours (bulk). */
export const hoursRoutes: ModulePlugin = async (app, { deps: { db, playerSchedules, playerHealth } }) => {
  route(app, H.get, async ({ user, params }) => playerHours(db, user, params.device_code));
  route(app, H.set, async ({ user, params, body }) => setPlayerHours(db, user, params.device_code, body.hours));
  route(app, H.bulk, async ({ user, body }) =>
    setBulkHours({ db, schedules: playerSchedules, health: playerHealth }, user, body),
  );
};
