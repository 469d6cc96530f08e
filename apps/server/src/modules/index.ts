import { ROLE_GROUPS } from '@signage/domain';
import { contentsRoutes } from './contents/routes';
import { uploadsRoutes } from './contents/tus';
import { healthRoutes } from './health/routes';
import type { ApiModule } from './types';
import { usersRoutes } from './users/routes';

/** The content list's roles plus DS_ST, who picks contents for playlists (SPEC.md section 2). */
const CONTENT_READERS = ['DS_MK', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT', 'DS_ST'] as const;

/**
 * Every feature module, one line each. A module's routes need a session unless it is public;
 * `roles` refuses other roles on all of its routes (SPEC.md sections 2 and 6).
 */
export const MODULES: readonly ApiModule[] = [
  { name: 'health', prefix: '/api/health', plugin: healthRoutes, public: true },
  { name: 'users', prefix: '/api/users', plugin: usersRoutes },
  { name: 'contents', prefix: '/api/contents', plugin: contentsRoutes, roles: CONTENT_READERS },
  { name: 'uploads', prefix: '/api/uploads', plugin: uploadsRoutes, roles: ROLE_GROUPS.contentEditors },
];
