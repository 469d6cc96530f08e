/**
 * The live module: broadcasts of live contents (table live_broadcasts), written by the ingest's hooks;
 * on-air state, HLS playback and key rotation for the console; HLS for players through the agent.
 */
export { endEveryBroadcast } from './broadcasts';
export { liveOnAirSql } from './fleet';
export { LIVE_HOOK_PREFIX, liveHookRoutes } from './hooks';
export { sendLiveFile } from './playback';
export { liveRoutes, streamKeyRoutes } from './routes';
