import { AGENT_CONTRACTS, HEARTBEAT_INTERVAL_SECONDS } from '@signage/domain';
import { route } from '../http/route';
import { recordHeartbeat } from '../modules/devices';
import type { ModulePlugin } from '../modules/types';

/** POST /agent/v1/heartbeat: the device token's player reports it is running (or faulty). */
export const heartbeatRoute: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, AGENT_CONTRACTS.heartbeat, async ({ body, device }) => {
    await recordHeartbeat(
      db,
      device.deviceCode,
      { alive: body.status === 'ok', reportedTimeZone: body.time_zone, delivery: body.delivery },
      new Date(),
    );
    // The literal interval is part of the reply schema, so it stays a literal here.
    return { device_code: device.deviceCode, heartbeat_interval_seconds: HEARTBEAT_INTERVAL_SECONDS } as const;
  });
};
