import { agentRoutes } from './agent';
import { alertsRoutes } from './modules/alerts';
import { auditRoutes } from './modules/audit';
import { commandsRoutes, screenshotBlobOwner } from './modules/commands';
import { contentBlobOwner, contentsRoutes, uploadsRoutes } from './modules/contents';
import { deviceLogsRoutes, logBlobOwner } from './modules/deviceLogs';
import { emergencyRoutes } from './modules/emergency';
import { fleetRoutes } from './modules/fleet';
import { floorMapBlobOwner, floorMapRoutes } from './modules/floormap';
import { healthRoutes } from './modules/health';
import { historyRoutes, playHistoryRoutes } from './modules/history';
import { hoursRoutes } from './modules/hours';
import { LIVE_HOOK_PREFIX, liveHookRoutes, liveRoutes, streamKeyRoutes } from './modules/live';
import { devicesRoutes, playersRoutes, registrationsRoutes } from './modules/players';
import { schedulesRoutes } from './modules/schedules';
import { ssoRoutes } from './modules/sso';
import { settingRoutes } from './modules/tags';
import type { ApiModule, BlobOwner } from './modules/types';
import { usersRoutes } from './modules/users';

/**
 * Every feature module and the player protocol (agent/, which uses the modules), one line each: registered
 * here, above both, so that no module imports the agent. A module's routes need a session unless it is public; which roles
 * may call each route is in its contract (packages/domain/src/contracts), applied by http/route.ts.
 */
export const MODULES: readonly ApiModule[] = [
  { name: 'health', prefix: '/api/health', plugin: healthRoutes, public: true },
  { name: 'users', prefix: '/api/users', plugin: usersRoutes },
  { name: 'sso', prefix: '/api/sso', plugin: ssoRoutes, public: true },
  { name: 'setting', prefix: '/api/setting', plugin: settingRoutes },
  { name: 'agent', prefix: '/agent/v1', plugin: agentRoutes, public: true },
  { name: 'devices', prefix: '/api/devices', plugin: devicesRoutes },
  { name: 'deviceLogs', prefix: '/api/devices/logs', plugin: deviceLogsRoutes },
  { name: 'commands', prefix: '/api/devices', plugin: commandsRoutes },
  { name: 'hours', prefix: '/api/devices', plugin: hoursRoutes },
  { name: 'registrations', prefix: '/api/registrations', plugin: registrationsRoutes },
  { name: 'players', prefix: '/api/players', plugin: playersRoutes },
  { name: 'floormap', prefix: '/api/floormap', plugin: floorMapRoutes },
  { name: 'contents', prefix: '/api/contents', plugin: contentsRoutes },
  { name: 'history', prefix: '/api/contents/history', plugin: historyRoutes },
  { name: 'playhistory', prefix: '/api/playhistory', plugin: playHistoryRoutes },
  { name: 'uploads', prefix: '/api/uploads', plugin: uploadsRoutes },
  { name: 'schedules', prefix: '/api/schedules', plugin: schedulesRoutes },
  { name: 'live', prefix: '/api/live', plugin: liveRoutes },
  { name: 'audit', prefix: '/api/audit', plugin: auditRoutes },
  { name: 'emergencies', prefix: '/api/emergencies', plugin: emergencyRoutes },
  { name: 'alerts', prefix: '/api/alerts', plugin: alertsRoutes },
  { name: 'fleet', prefix: '/api/fleet', plugin: fleetRoutes },
  { name: 'streamKeys', prefix: '/api/contents', plugin: streamKeyRoutes },
  // nginx-rtmp's on_publish / on_publish_done / on_update: authenticated by the ingest's secret.
  { name: 'liveHooks', prefix: LIVE_HOOK_PREFIX, plugin: liveHookRoutes, public: true },
];

/**
 * Every module that keeps blobs, with the key prefix it keeps them under: the orphan sweep (modules/orphans)
 * asks each which of its blobs a row names. A module that stores blobs under a new prefix adds its owner here.
 */
export const BLOB_OWNERS: readonly BlobOwner[] = [
  contentBlobOwner,
  logBlobOwner,
  floorMapBlobOwner,
  screenshotBlobOwner,
];
