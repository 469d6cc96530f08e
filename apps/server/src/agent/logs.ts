import { AGENT_CONTRACTS, AGENT_LOG_MAX_BYTES, agentRoutePath } from '@signage/domain';
import { ok, responses } from '../http/envelope';
import { storeUploadedLog } from '../modules/deviceLogs';
import type { ModulePlugin } from '../modules/types';
import { currentDevice } from './device';

const call = AGENT_CONTRACTS.logs;

/** POST /agent/v1/logs: the device token's player uploads one log file. */
export const logsRoute: ModulePlugin = async (app, { deps: { db, media } }) => {
  app.post(agentRoutePath(call), {
    bodyLimit: AGENT_LOG_MAX_BYTES * 2,
    schema: {
      tags: ['agent'],
      summary: 'Bearer device token. Upload one log file with its level and time range',
      body: call.body,
      response: responses(call.response, 400, 401, 413),
    },
    onRequest: app.requireDevice,
    handler: async (request) =>
      ok(await storeUploadedLog(db, media.blobs, currentDevice(request).deviceCode, request.body)),
  });
};
