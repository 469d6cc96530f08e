import { AGENT_CONTRACTS, AGENT_LOG_MAX_BYTES } from '@signage/domain';
import { route } from '../http/route';
import { storeUploadedLog } from '../modules/deviceLogs';
import type { ModulePlugin } from '../modules/types';

/** POST /agent/v1/logs: the device token's player uploads one log file. */
export const logsRoute: ModulePlugin = async (app, { deps: { db, media } }) => {
  route(
    app,
    AGENT_CONTRACTS.logs,
    async ({ body, device }) => storeUploadedLog(db, media.blobs, device.deviceCode, body),
    {
      bodyLimit: AGENT_LOG_MAX_BYTES * 2,
    },
  );
};
