import { API } from '@signage/domain';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { pairingStatus, registerNewDevice, registerPlayer, waitingList } from './registrations';

/** /api/registrations: the waiting list and the registration of a waiting player (issues its PIN). */
export const registrationsRoutes: ModulePlugin = async (app, { deps: { db, playerSchedules } }) => {
  route(app, API.players.waitingList, async ({ user, query }) => waitingList(db, user, query));
  route(app, API.players.registerWaiting, async ({ user, body }) =>
    registerNewDevice({ db, schedules: playerSchedules }, user, body),
  );
};

/** /api/players: a fresh PIN (and store details) for a registered player that has not paired yet. */
export const playersRoutes: ModulePlugin = async (app, { deps: { db, playerSchedules } }) => {
  route(app, API.players.reissuePin, async ({ user, body }) =>
    registerPlayer({ db, schedules: playerSchedules }, user, body),
  );
  route(app, API.players.pairingStatus, async ({ user, params }) => pairingStatus(db, user, params.device_code));
};
