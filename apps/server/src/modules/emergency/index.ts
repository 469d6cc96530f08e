/**
 * The emergency module: the one owner of emergency_messages and emergency_devices (issue 29 item 6). Users
 * post and cancel messages (routes.ts); the player agent puts a player's current message in its manifest
 * through what this file exports.
 */

export { emergenciesOf, manifestEmergency } from './manifest';
export type { EmergencyRow } from './repo';
export { emergencyRoutes } from './routes';
