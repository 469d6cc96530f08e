import { AGENT_CONTRACTS } from '@signage/domain';
import { route } from '../http/route';
import { recordPlays } from '../modules/plays';
import type { ModulePlugin } from '../modules/types';

/** A batch of 500 plays is about 120 KB of JSON; a body beyond this is refused with 413 before it is read. */
const PLAYS_BODY_LIMIT = 512 * 1024;

/** POST /agent/v1/plays: proof of play in batches, idempotent by (player, sequence). */
export const playsRoute: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, AGENT_CONTRACTS.plays, async ({ body, device }) => recordPlays(db, device.deviceCode, body.plays), {
    bodyLimit: PLAYS_BODY_LIMIT,
  });
};
