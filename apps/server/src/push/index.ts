export {
  type CacheListener,
  listenForPush,
  PushHub,
  type PushListener,
  type PushStream,
  RESOLVE_AT_ONCE,
} from './hub';
export { notifyLive, notifyPlayers, PUSH_CHANNEL, revokePlayers } from './notify';
