import { MESSAGES, ZHealth } from '@signage/domain';
import { HttpError, ok, responses } from '../../http/envelope';
import type { ModulePlugin } from '../types';
import { pingDatabase } from './repo';

export const healthRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  app.get('', {
    schema: {
      tags: ['health'],
      summary: 'Liveness and database reachability (for load balancers)',
      response: responses(ZHealth, 503),
    },
    handler: async (request) => {
      try {
        await pingDatabase(db);
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        throw new HttpError(503, MESSAGES.unexpectedError);
      }
      return ok({ status: 'ok' as const, database: 'ok' as const });
    },
  });
};
