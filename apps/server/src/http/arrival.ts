import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * When a request arrived at this process: `seq` grows by one per request in the order Node handed them to
 * Fastify, `wallMs` is the time (epoch ms) and `monoMs` the monotonic clock (performance.now) then. Taken
 * by the first onRequest hook, before anything awaits, so two requests keep their order whatever order
 * their later lookups finish in (the heartbeat writer applies a player's beats by it).
 */
export type Arrival = { seq: number; wallMs: number; monoMs: number };

declare module 'fastify' {
  interface FastifyRequest {
    arrival: Arrival;
  }
}

let lastSeq = 0;

/** A new arrival, now (the hook's; tests that write beats directly take theirs here too). */
export function nextArrival(): Arrival {
  return { seq: ++lastSeq, wallMs: Date.now(), monoMs: performance.now() };
}

/** Numbers every request on arrival; register before every other hook. */
export function registerArrival(app: FastifyInstance): void {
  app.decorateRequest('arrival', null as unknown as Arrival);
  app.addHook('onRequest', (request, _reply, done) => {
    request.arrival = nextArrival();
    done();
  });
}
