export { type CacheListener, listenForPush, PushHub, type PushListener, type PushStream } from './hub';
export { notifyCommand, notifyLive, notifyPlayers, PUSH_CHANNEL, revokePlayers } from './notify';
