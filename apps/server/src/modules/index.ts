import { agentRoutes } from '../agent/routes';
import { contentsRoutes } from './contents/routes';
import { uploadsRoutes } from './contents/tus';
import { deviceLogsRoutes } from './deviceLogs/routes';
import { devicesRoutes } from './devices/routes';
import { floorMapRoutes } from './floormap/routes';
import { healthRoutes } from './health/routes';
import { playersRoutes, registrationsRoutes } from './registrations/routes';
import { settingRoutes } from './setting/routes';
import { ssoRoutes } from './sso/routes';
import type { ApiModule } from './types';
import { usersRoutes } from './users/routes';

/**
 * Every feature module, one line each. A module's routes need a session unless it is public; which roles
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
  { name: 'registrations', prefix: '/api/registrations', plugin: registrationsRoutes },
  { name: 'players', prefix: '/api/players', plugin: playersRoutes },
  { name: 'floormap', prefix: '/api/floormap', plugin: floorMapRoutes },
  { name: 'contents', prefix: '/api/contents', plugin: contentsRoutes },
  { name: 'uploads', prefix: '/api/uploads', plugin: uploadsRoutes },
];
