import {
  ZDeviceCodeParams,
  ZIssuedPin,
  ZNewDeviceRegister,
  ZPairingStatus,
  ZPlayerRegister,
  ZWaitingList,
  ZWaitingListQuery,
} from '@signage/domain';
import { currentUser } from '../../auth/guards';
import { ok, responses } from '../../http/envelope';
import type { ModulePlugin } from '../types';
import { pairingStatus, registerNewDevice, registerPlayer, waitingList } from './service';

/** /api/registrations: the waiting list and the registration of a waiting player (issues its PIN). */
export const registrationsRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  app.get('/', {
    schema: {
      tags: ['players'],
      summary: 'Players waiting for registration (page, order, is_activated = announced in the last 10 minutes)',
      querystring: ZWaitingListQuery,
      response: responses(ZWaitingList, 400, 401, 403),
    },
    handler: async (request) => ok(await waitingList(db, currentUser(request), request.query)),
  });

  app.post('/', {
    schema: {
      tags: ['players'],
      summary: 'Register a waiting player to a store; answers its PIN (six digits, single use, valid 30 minutes)',
      body: ZNewDeviceRegister,
      response: responses(ZIssuedPin, 400, 401, 403, 404, 409),
    },
    handler: async (request) => ok(await registerNewDevice(db, currentUser(request), request.body)),
  });
};

/** /api/players: a fresh PIN (and store details) for a registered player that has not paired yet. */
export const playersRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  app.post('/', {
    schema: {
      tags: ['players'],
      summary: 'Issue a new PIN for a registered, unpaired player (replaces the previous PIN)',
      body: ZPlayerRegister,
      response: responses(ZIssuedPin, 400, 401, 403, 404, 409),
    },
    handler: async (request) => ok(await registerPlayer(db, currentUser(request), request.body)),
  });

  app.get('/:device_code', {
    schema: {
      tags: ['players'],
      summary: 'Pairing status of a registered player (is_activated once its PIN was typed); polled by the PIN step',
      params: ZDeviceCodeParams,
      response: responses(ZPairingStatus, 400, 401, 403, 404),
    },
    handler: async (request) => ok(await pairingStatus(db, currentUser(request), request.params.device_code)),
  });
};
