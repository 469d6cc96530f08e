import { ROLE_GROUPS } from '@signage/domain';
import { agentRoutes } from '../agent';
import { contentsRoutes, uploadsRoutes } from './contents';
import { deviceLogsRoutes } from './deviceLogs';
import { devicesRoutes } from './devices';
import { floorMapRoutes } from './floormap';
import { healthRoutes } from './health';
import { playersRoutes, registrationsRoutes } from './registrations';
import { settingRoutes } from './setting';
import { ssoRoutes } from './sso';
import type { ApiModule } from './types';
import { usersRoutes } from './users';

const PLAYER_ROLES = ['DS_MK', 'DS_KT', 'DS_ST', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'] as const;
const WAITING_ROLES = ['DS_KT', 'DS_LHQIT', 'DS_FRIT'] as const;
/** The content list's roles plus DS_ST, who picks contents for playlists (SPEC.md section 2). */
const CONTENT_READERS = ['DS_MK', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT', 'DS_ST'] as const;

/**
 * Every feature module, one line each. A module's routes need a session unless it is public;
 * `roles` refuses other roles on all of its routes (SPEC.md sections 2 and 6).
 */
export const MODULES: readonly ApiModule[] = [
  { name: 'health', prefix: '/api/health', plugin: healthRoutes, public: true },
  { name: 'users', prefix: '/api/users', plugin: usersRoutes },
  { name: 'sso', prefix: '/api/sso', plugin: ssoRoutes, public: true },
  { name: 'setting', prefix: '/api/setting', plugin: settingRoutes },
  { name: 'agent', prefix: '/agent/v1', plugin: agentRoutes, public: true },
  { name: 'devices', prefix: '/api/devices', plugin: devicesRoutes, roles: PLAYER_ROLES },
  { name: 'deviceLogs', prefix: '/api/devices/logs', plugin: deviceLogsRoutes, roles: ['DS_FRIT'] },
  { name: 'registrations', prefix: '/api/registrations', plugin: registrationsRoutes, roles: WAITING_ROLES },
  { name: 'players', prefix: '/api/players', plugin: playersRoutes, roles: WAITING_ROLES },
  { name: 'floormap', prefix: '/api/floormap', plugin: floorMapRoutes, roles: PLAYER_ROLES },
  { name: 'contents', prefix: '/api/contents', plugin: contentsRoutes, roles: CONTENT_READERS },
  { name: 'uploads', prefix: '/api/uploads', plugin: uploadsRoutes, roles: ROLE_GROUPS.contentEditors },
];
