import { API, MESSAGES } from '@signage/domain';
import { HttpError } from '../../http/envelope';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { pingDatabase } from './repo';

export const healthRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, API.users.health, async ({ request }) => {
    try {
      await pingDatabase(db);
    } catch (error) {
      request.log.error({ err: error }, 'database health check failed');
      throw new HttpError(503, MESSAGES.unexpectedError);
    }
    return { status: 'ok' as const, database: 'ok' as const };
  });
};
