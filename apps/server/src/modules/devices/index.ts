/**
 * The devices module: the one owner of the devices, device_tags and device_pins tables. Other modules
 * (registrations, device logs, the player agent) reach players only through what this file exports.
 */

export { fleetPlayersSql } from './fleet';
export { HEARTBEAT_ORDER_HORIZON_MS, heartbeatsSettled, recordHeartbeat } from './heartbeats';
export {
  type DeviceCursor,
  findDeviceForHistory,
  type HistoryDeviceRow,
  listDevicesAmong,
} from './history';
export {
  announceSerial,
  pairDevice,
  pinGuesses,
  registerStore,
  reservePinGuess,
  type StoreValues,
  savePin,
} from './lifecycle';
export { changeManifests } from './manifests';
export {
  type DeviceRow,
  deviceTimeZoneSql,
  findDevice,
  findDeviceBySerial,
  findDeviceByTokenHash,
  findDevicesByCode,
  lockPlayers,
  recordServedManifest,
  servedManifestHolds,
} from './repo';
export { devicesRoutes } from './routes';
export { recordServedManifests } from './served';
export { visibleDevice } from './service';
export { replaceDeviceTags } from './tags';
export { countWaiting, listWaiting, type WaitingFilter } from './waiting';
