import { API } from '@signage/domain';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { downloadLogs, logList } from './service';

/** /api/devices/logs: a player's uploaded logs, listed and downloaded. */
export const deviceLogsRoutes: ModulePlugin = async (app, { deps: { db, media } }) => {
  route(app, API.players.logs, async ({ user, query }) => logList(db, user, query));

  route(app, API.players.logDownload, async ({ user, body, reply }) => {
    const { fileName, text } = await downloadLogs(db, media.blobs, user, body);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(text);
  });
};
