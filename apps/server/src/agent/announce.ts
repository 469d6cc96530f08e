import { AGENT_CONTRACTS, agentRoutePath } from '@signage/domain';
import { ok, responses } from '../http/envelope';
import { announceSerial } from '../modules/devices';
import type { ModulePlugin } from '../modules/types';

/** A waiting player announces again at this interval, so the waiting list can tell it is there. */
export const ANNOUNCE_INTERVAL_SECONDS = 60;

const call = AGENT_CONTRACTS.announce;

/** POST /agent/v1/announce: open, idempotent while the player lives. */
export const announceRoute: ModulePlugin = async (app, { deps: { db } }) => {
  app.post(agentRoutePath(call), {
    schema: {
      tags: ['agent'],
      summary:
        'A player announces its serial (and optionally the IANA zone of its clock); idempotent. Answers its state: waiting, registered or activated',
      body: call.body,
      response: responses(call.response, 400),
    },
    handler: async (request) => {
      const { state } = await announceSerial(db, request.body.serial, request.body.time_zone, new Date());
      return ok({ state, announce_interval_seconds: ANNOUNCE_INTERVAL_SECONDS });
    },
  });
};
