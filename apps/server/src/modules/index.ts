import { healthRoutes } from './health/routes';
import { settingRoutes } from './setting/routes';
import { ssoRoutes } from './sso/routes';
import type { ApiModule } from './types';
import { usersRoutes } from './users/routes';

/**
 * Every feature module, one line each. A module's routes need a session unless it is public;
 * `roles` refuses other roles on all of its routes (SPEC.md sections 2 and 6).
 */
export const MODULES: readonly ApiModule[] = [
  { name: 'health', prefix: '/api/health', plugin: healthRoutes, public: true },
  { name: 'users', prefix: '/api/users', plugin: usersRoutes },
  { name: 'sso', prefix: '/api/sso', plugin: ssoRoutes, public: true },
  { name: 'setting', prefix: '/api/setting', plugin: settingRoutes },
];
