import { createHash } from 'node:crypto';
import { AGENT_MESSAGES } from '@signage/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { HttpError } from '../http/envelope';
import { type DeviceRow, findDeviceByTokenHash } from '../modules/devices';

export type AgentDevice = DeviceRow;

declare module 'fastify' {
  interface FastifyRequest {
    /** The paired player behind the bearer token, set by the device guard; null on open agent routes. */
    device: AgentDevice | null;
  }
  interface FastifyInstance {
    /** onRequest guard of the agent routes that need a device token: 401 without a valid one. */
    requireDevice: (request: FastifyRequest) => Promise<void>;
  }
}

export const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Decorates the agent's requests with `device` (as the session guard does with `user`). The token is
 * checked on request, before the body is read: a call without a valid token gets 401, never 400.
 */
export function registerDeviceAuth(app: FastifyInstance, db: Database): void {
  app.decorateRequest('device', null);
  app.decorate('requireDevice', async (request: FastifyRequest) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const device = token ? await findDeviceByTokenHash(db, hashDeviceToken(token)) : undefined;
    if (!device) throw new HttpError(401, AGENT_MESSAGES.tokenRequired);
    request.device = device;
  });
}
