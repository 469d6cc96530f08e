export { type CacheListener, listenForPush, PushHub, type PushListener, type PushStream } from './hub';
export { notifyLive, notifyPlayers, PUSH_CHANNEL, revokePlayers } from './notify';
