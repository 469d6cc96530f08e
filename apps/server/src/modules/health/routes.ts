import { API, MESSAGES } from '@signage/domain';
import { HttpError } from '../../http/envelope';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { pingDatabase, readReadiness, shippedMigrationCount } from './repo';

export const NOT_READY = {
  migrations: 'Not ready: database migrations have not all been applied',
  admin: 'Not ready: the administrator account has not been created yet',
} as const;

export const healthRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  const shipped = shippedMigrationCount();
  // Readiness only ever goes from no to yes: once there, each check is the database ping alone.
  let ready = false;

  const notReadyReason = async (): Promise<string | null> => {
    if (ready) return null;
    const { appliedMigrations, hasUser } = await readReadiness(db);
    if (appliedMigrations < shipped) return NOT_READY.migrations;
    if (!hasUser) return NOT_READY.admin;
    ready = true;
    return null;
  };

  route(app, API.users.health, async ({ request }) => {
    let reason: string | null;
    try {
      await pingDatabase(db);
      reason = await notReadyReason();
    } catch (error) {
      request.log.error({ err: error }, 'database health check failed');
      throw new HttpError(503, MESSAGES.unexpectedError);
    }
    if (reason) throw new HttpError(503, reason);
    return { status: 'ok' as const, database: 'ok' as const };
  });

  route(app, API.users.liveness, async () => ({ status: 'ok' as const }));
};
