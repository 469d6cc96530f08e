export { listenForPush, PushHub, type PushListener, type PushStream } from './hub';
export { notifyPlayers, PUSH_CHANNEL, revokePlayers } from './notify';
