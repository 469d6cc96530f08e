import { performance } from 'node:perf_hooks';
import { API } from '@signage/domain';
import type { FastifyInstance } from 'fastify';
import { failure } from './envelope';

/** What readiness (and every other read while draining) answers once a stop has begun. */
export const DRAINING_MESSAGE = 'Not ready: this server is shutting down';

/** How long no request may have arrived before a draining server stops listening (the balancer has moved on). */
export const DRAIN_QUIET_MS = 1000;

/**
 * A server's stop, as the load balancer sees it (SIGTERM: server.ts drain):
 * - at once, readiness and every other GET or HEAD that arrives answer 503 with `connection: close`: nothing
 *   was done for them, so the balancer retries them on another server (nginx: proxy_next_upstream http_503)
 *   and marks this one down; liveness still answers (the process is alive and finishing its work);
 * - writes that still arrive are served: a balancer does not retry them, and until this process stops
 *   listening they would otherwise fail;
 * - push streams are told to reconnect (event `reconnect`) and closed: players connect again at once, through
 *   the balancer, to another server;
 * - once no request has arrived for DRAIN_QUIET_MS the server stops listening and finishes what is in flight.
 */
export type Drain = {
  readonly draining: boolean;
  /** How long Fastify's close lets requests in flight finish before it cuts every connection. */
  closeGraceMs: number;
  /** Begins draining; `closePush` ends the push streams (with the reconnect hint). */
  begin(): void;
  /** Resolves once no request has arrived for `quietMs` since draining began, or at `deadline` (performance.now()). */
  quiet(deadline: number, quietMs?: number): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

export type DrainOptions = {
  closePush: () => void;
  closeGraceMs: number;
  /** GET paths still answered while draining besides liveness (/metrics: monitoring sees the drain). */
  servedWhileDraining?: readonly string[];
};

export function registerDrain(app: FastifyInstance, options: DrainOptions): Drain {
  const served = new Set([API.users.liveness.path, ...(options.servedWhileDraining ?? [])]);
  let draining = false;
  let lastArrival = performance.now();
  const drain: Drain = {
    get draining() {
      return draining;
    },
    closeGraceMs: options.closeGraceMs,
    begin() {
      if (draining) return;
      draining = true;
      lastArrival = performance.now();
      options.closePush();
    },
    async quiet(deadline, quietMs = DRAIN_QUIET_MS) {
      for (;;) {
        const now = performance.now();
        const wait = Math.min(lastArrival + quietMs, deadline) - now;
        if (wait <= 0) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
  };
  app.decorate('drain', drain);
  app.addHook('onRequest', async (request, reply) => {
    if (!draining) return;
    lastArrival = performance.now();
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (served.has(request.url.split('?', 1)[0] ?? '')) return;
    return reply.status(503).header('connection', 'close').header('retry-after', '1').send(failure(DRAINING_MESSAGE));
  });
  return drain;
}
