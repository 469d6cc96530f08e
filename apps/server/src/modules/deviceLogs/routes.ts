import { ZLogDownload, ZLogList, ZLogListQuery } from '@signage/domain';
import { z } from 'zod';
import { currentUser } from '../../auth/guards';
import { ok, responses } from '../../http/envelope';
import type { ModulePlugin } from '../types';
import { downloadLogs, logList } from './service';

/** /api/devices/logs (DS_FRIT): a player's uploaded logs, listed and downloaded. */
export const deviceLogsRoutes: ModulePlugin = async (app, { deps: { db, media } }) => {
  app.get('/', {
    schema: {
      tags: ['players'],
      summary: 'Logs of a player by time range (UTC, YYYY-MM-DD HH:mm) and level, keyset cursor',
      querystring: ZLogListQuery,
      response: responses(ZLogList, 400, 401, 403, 404),
    },
    handler: async (request) => ok(await logList(db, currentUser(request), request.query)),
  });

  app.post('/download', {
    schema: {
      tags: ['players'],
      summary: 'One log (log_id) or all matching logs (downloadAll) as a .log text file',
      body: ZLogDownload,
      response: { ...responses(z.null(), 400, 401, 403, 404), 200: z.string() },
    },
    handler: async (request, reply) => {
      const { fileName, text } = await downloadLogs(db, media.blobs, currentUser(request), request.body);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(text);
    },
  });
};
