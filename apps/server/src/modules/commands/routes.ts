import { API } from '@signage/domain';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { listCommands, openScreenshot, sendCommand } from './service';

const C = API.commands;

/** /api/devices/:device_code/commands and …/screenshots/:screenshot_id. */
export const commandsRoutes: ModulePlugin = async (app, { deps: { db, media } }) => {
  route(app, C.send, async ({ user, params, body }) => sendCommand(db, user, params.device_code, body.kind));
  route(app, C.list, async ({ user, params }) => listCommands(db, user, params.device_code));
  route(app, C.screenshot, async ({ user, params, reply }) => {
    const { object } = await openScreenshot(db, media.blobs, user, params.device_code, params.screenshot_id);
    return reply
      .header('content-type', 'image/jpeg')
      .header('content-length', String(object.size))
      .header('cache-control', 'private, max-age=3600')
      .send(object.stream);
  });
};
