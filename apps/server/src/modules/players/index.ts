/**
 * The players module: the one owner of the devices, device_tags and device_pins tables, the player list
 * (/api/devices), the waiting list and registrations (/api/registrations, /api/players). Other modules
 * (device logs, schedules, history) and the player agent reach players only through what this file exports.
 */

export { fleetPlayersSql } from './fleet';
export { type HealthCountsRow, healthByRegion } from './health';
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
export { hashPin } from './pins';
export { playersRoutes, registrationsRoutes } from './registrationRoutes';
export {
  type DeviceRow,
  deviceTimeZoneSql,
  findDevice,
  findDeviceBySerial,
  findDeviceByTokenHash,
  findDevicesByCode,
  lockPlayers,
} from './repo';
export { devicesRoutes } from './routes';
export { type PlayerSelection, selectPlayers } from './selection';
export { recordServedManifest, recordServedManifests, servedManifestHolds } from './served';
export { visibleDevice } from './service';
export { replaceDeviceTags } from './tags';
export { SELECTION_MAX_PLAYERS, selectReachedPlayers } from './targets';
export { countWaiting, listWaiting, type WaitingFilter } from './waiting';
export { watchedPlayersSql } from './watch';
