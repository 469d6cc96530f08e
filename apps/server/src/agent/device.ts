import { AGENT_MESSAGES } from '@signage/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CachedDevice } from '../auth/guards';
import { sha256 } from '../blob';
import type { Database } from '../db/client';
import { HttpError } from '../http/envelope';
import { type DeviceRow, findDeviceByTokenHash } from '../modules/players';

export type AgentDevice = DeviceRow;

declare module '../http/route' {
  /** A device route's handler gets the paired player's whole row (unless it takes it from the cache). */
  interface PairedDevice extends DeviceRow {}
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The paired player behind the bearer token, set by the device guard; null on open agent routes. A route
     * that takes its player from the cache (RouteExtras.cachedDevice) may get its code alone.
     */
    device: AgentDevice | CachedDevice | null;
    /** The sha256 of that token, as stored (the heartbeat's write checks it again). */
    deviceTokenHash: string | null;
  }
  interface FastifyContextConfig {
    /** The device guard may take this call's player from the request cache (RouteExtras.cachedDevice). */
    cachedDevice?: true;
  }
  interface FastifyInstance {
    /** onRequest guard of the agent routes that need a device token: 401 without a valid one. */
    requireDevice: (request: FastifyRequest) => Promise<void>;
  }
}

export const hashDeviceToken = (token: string) => sha256(token);

/** The bearer token of an agent request, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1];
}

/**
 * Decorates the agent's requests with `device` (as the session guard does with `user`). The token is
 * checked on request, before the body is read: a call without a valid token gets 401, never 400.
 */
export function registerDeviceAuth(app: FastifyInstance, db: Database): void {
  const cache = app.authCache;
  app.decorateRequest('device', null);
  app.decorateRequest('deviceTokenHash', null);
  app.decorate('requireDevice', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, AGENT_MESSAGES.tokenRequired);
    const tokenHash = hashDeviceToken(token);
    // The calls whose player may come from the cache (auth/cache.ts): they use only its code, never a column
    // a staff edit or a served manifest changes, and their write checks the token again (the heartbeat's
    // update names the token hash), so even an entry whose invalidation is still on its way records nothing.
    // The manifest poll answers from its own cache of served versions or reads the row itself (answerPoll).
    const cacheable = request.routeOptions.config.cachedDevice === true;
    const now = Date.now();
    const cached = cacheable ? cache.device(tokenHash, now) : undefined;
    if (cached) request.device = cached;
    else {
      const generation = cache.generation;
      const device = await findDeviceByTokenHash(db, tokenHash);
      if (!device) throw new HttpError(401, AGENT_MESSAGES.tokenRequired);
      if (cacheable) cache.putDevice(tokenHash, generation, { deviceCode: device.deviceCode }, now);
      request.device = device;
    }
    request.deviceTokenHash = tokenHash;
  });
}
