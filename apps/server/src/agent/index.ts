import type { ModulePlugin } from '../modules/types';
import { announceRoute } from './announce';
import { registerDeviceAuth } from './device';
import { eventsRoute } from './events';
import { heartbeatRoute } from './heartbeat';
import { liveRoute } from './live';
import { logsRoute } from './logs';
import { manifestRoute } from './manifest';
import { mediaRoute } from './media';
import { pairRoute } from './pair';
import { playsRoute } from './plays';

/**
 * The player protocol, version 1 (ARCHITECTURE.md section 5), one file per call, each registered from its
 * AGENT_CONTRACTS entry through route(). Announce and pair are open; the 'device' ones need the device
 * token from pairing as `Authorization: Bearer <token>`, checked by `app.requireDevice` before the body
 * is read, which hands the player to the handler.
 */
export const agentRoutes: ModulePlugin = async (app, options) => {
  registerDeviceAuth(app, options.deps.db);
  for (const route of [
    announceRoute,
    pairRoute,
    heartbeatRoute,
    logsRoute,
    manifestRoute,
    mediaRoute,
    eventsRoute,
    liveRoute,
    playsRoute,
  ])
    await app.register(route, options);
};

export { ANNOUNCE_INTERVAL_SECONDS } from './announce';
export { hashDeviceToken } from './device';
export { startSimulatedPlayer } from './simulatedPlayer';
export { runSimulator, SIMULATOR_HELP } from './simulatorCli';
