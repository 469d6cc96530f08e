import { AGENT_CONTRACTS, HEARTBEAT_INTERVAL_SECONDS } from '@signage/domain';
import { route } from '../http/route';
import { recordHeartbeat } from '../modules/players';
import type { ModulePlugin } from '../modules/types';

/**
 * POST /agent/v1/heartbeat: the device token's player reports it is running (or faulty).
 *
 * On PostgreSQL the beat is answered once its statement is on its way to the server (`sent`), not when it
 * has committed: a beat waits for the statement before it at most, never for its own, so a fleet's beats
 * keep the database and this process busy at once instead of in turn (issue 15: the heartbeat's
 * throughput). PostgreSQL runs and commits what it received even if this process dies right after the
 * answer (a kill -9 loses nothing the database's own asynchronous commit would not). The embedded PGlite
 * dies with the process, so there a beat is answered once written. What answering before the outcome gives
 * up, on purpose:
 * - A player whose token went after the guard let the call in (deleted, revoked, paired again, and this
 *   process's cache not yet told) gets this one answer 200 although nothing is recorded (the write checks
 *   the token itself). Its token is then forgotten here, so its next call is refused with 401; the web
 *   player's manifest poll, which never answers from the cache, is refused at once anyway.
 * - A statement that fails after it was sent is logged here, not answered: the beat is a liveness report the
 *   next one (a minute later) repeats, and the console shows the player's state from what was written. The
 *   writer writes a failed batch again in halves, so only the beat that fails alone is lost; on PGlite its
 *   answer waits for that and is an error. Text no statement could carry is refused before any batch (400).
 */
export const heartbeatRoute: ModulePlugin = async (app, { deps: { db } }) => {
  route(
    app,
    AGENT_CONTRACTS.heartbeat,
    async ({ body, device, request }) => {
      const tokenHash = request.deviceTokenHash ?? '';
      const beat = recordHeartbeat(
        db,
        device.deviceCode,
        tokenHash,
        {
          alive: body.status === 'ok',
          reportedTimeZone: body.time_zone,
          delivery: body.delivery,
          playsUnrecorded: body.plays_unrecorded,
        },
        // Taken before the guard's lookup: a player's beats are written in the order they came.
        request.arrival,
      );
      beat.written.then(
        (written) => {
          // As the database's notification would: the token's next call reads the database.
          if (!written) app.authCache.apply(`d:${tokenHash}`);
        },
        (error: unknown) => request.log.error({ err: error, device: device.deviceCode }, 'heartbeat not written'),
      );
      await beat.sent;
      // The literal interval is part of the reply schema, so it stays a literal here.
      return { device_code: device.deviceCode, heartbeat_interval_seconds: HEARTBEAT_INTERVAL_SECONDS } as const;
    },
    // Every player, every minute: an answered beat is logged at debug (its row holds it), a refused one at info.
    // Its player's code may come from the cache: the write checks the token again.
    { routine: true, cachedDevice: true },
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every heartbeat answered so far is written (or failed): a stop waits, tests read after. */
    heartbeatsSettled: () => Promise<void>;
  }
}
