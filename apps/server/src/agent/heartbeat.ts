import { AGENT_CONTRACTS, AGENT_MESSAGES, HEARTBEAT_INTERVAL_SECONDS } from '@signage/domain';
import { HttpError } from '../http/envelope';
import { route } from '../http/route';
import { recordHeartbeat } from '../modules/devices';
import type { ModulePlugin } from '../modules/types';

/** POST /agent/v1/heartbeat: the device token's player reports it is running (or faulty). */
export const heartbeatRoute: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, AGENT_CONTRACTS.heartbeat, async ({ body, device, request }) => {
    const written = await recordHeartbeat(
      db,
      device.deviceCode,
      request.deviceTokenHash ?? '',
      { alive: body.status === 'ok', reportedTimeZone: body.time_zone, delivery: body.delivery },
      // Taken before the guard's lookup: a player's beats are written in the order they came.
      request.arrival,
    );
    // The player lost its token after the guard let the call in (the guard may answer from its cache).
    if (!written) throw new HttpError(401, AGENT_MESSAGES.tokenRequired);
    // The literal interval is part of the reply schema, so it stays a literal here.
    return { device_code: device.deviceCode, heartbeat_interval_seconds: HEARTBEAT_INTERVAL_SECONDS } as const;
  });
};
