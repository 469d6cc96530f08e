export {
  type CacheListener,
  listenForPush,
  PushHub,
  type PushListener,
  type PushStream,
  RESOLVE_AT_ONCE,
} from './hub';
export { notifyCommand, notifyLive, notifyPlayers, PUSH_CHANNEL, revokePlayers } from './notify';
