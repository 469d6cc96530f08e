import { AGENT_CONTRACTS, agentRoutePath, HEARTBEAT_INTERVAL_SECONDS } from '@signage/domain';
import { ok, responses } from '../http/envelope';
import { recordHeartbeat } from '../modules/devices';
import type { ModulePlugin } from '../modules/types';
import { currentDevice } from './device';

const call = AGENT_CONTRACTS.heartbeat;

/** POST /agent/v1/heartbeat: the device token's player reports it is running (or faulty). */
export const heartbeatRoute: ModulePlugin = async (app, { deps: { db } }) => {
  app.post(agentRoutePath(call), {
    schema: {
      tags: ['agent'],
      summary:
        'Bearer device token. Sets last_accessed and is_alive (and records the IANA time_zone the player reports); a player missing 3 windows of 60 s shows as Issue',
      body: call.body,
      response: responses(call.response, 400, 401),
    },
    onRequest: app.requireDevice,
    handler: async (request) => {
      const device = currentDevice(request);
      await recordHeartbeat(
        db,
        device.deviceCode,
        { alive: request.body.status === 'ok', reportedTimeZone: request.body.time_zone },
        new Date(),
      );
      return ok({ device_code: device.deviceCode, heartbeat_interval_seconds: HEARTBEAT_INTERVAL_SECONDS });
    },
  });
};
