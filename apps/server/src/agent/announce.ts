import { AGENT_CONTRACTS } from '@signage/domain';
import { route } from '../http/route';
import { announceSerial } from '../modules/players';
import type { ModulePlugin } from '../modules/types';

/** A waiting player announces again at this interval, so the waiting list can tell it is there. */
export const ANNOUNCE_INTERVAL_SECONDS = 60;

/** POST /agent/v1/announce: open, idempotent while the player lives. */
export const announceRoute: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, AGENT_CONTRACTS.announce, async ({ body }) => {
    const { state } = await announceSerial(db, body.serial, body.time_zone, new Date());
    return { state, announce_interval_seconds: ANNOUNCE_INTERVAL_SECONDS };
  });
};
