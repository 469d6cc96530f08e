import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The request log writes this route's path without its query (nginx's hook addresses carry a secret). */
    redactQuery?: true;
    /**
     * A call every player makes every minute (heartbeat, manifest poll): answered (below 400), its line goes
     * to the debug level; refused or failed, to info or error as any other route's.
     */
    routine?: true;
  }
}

/**
 * The request log: one line per answered request carrying what Fastify's two lines (incoming,
 * completed) carried, so a request costs one log write instead of two.
 *
 * A routine fleet call (config.routine) that was answered is logged at debug: 20,000 players beating and
 * polling each minute would write about 58 million lines a day that say nothing the players' rows do not
 * (last heartbeat, delivered version), and at the default level writing them cost the heartbeat about a
 * sixth of its throughput (issue 15). Its refusals (a revoked token's 401) and failures stay in the log.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    // Fastify's serialisers turn req and res into the fields of its own two lines.
    if (!error && request.routeOptions.config.routine && reply.statusCode < 400) {
      reply.log.debug(logLine(request, reply), 'request completed');
    } else if (error) reply.log.error({ ...logLine(request, reply), err: error }, 'request errored');
    else reply.log.info(logLine(request, reply), 'request completed');
  }
}

function logLine(request: FastifyRequest, reply: FastifyReply) {
  return { req: loggedRequest(request), res: reply, responseTime: reply.elapsedTime };
}

/**
 * The request as the log shows it: a route whose address carries a secret in its query (nginx's live hooks)
 * is logged by its path alone. The serialiser reads these same fields off the request.
 */
function loggedRequest(request: FastifyRequest) {
  if (!request.routeOptions.config.redactQuery) return request;
  return {
    method: request.method,
    url: request.url.split('?')[0],
    headers: request.headers,
    host: request.host,
    ip: request.ip,
    socket: request.socket,
  };
}

export type LogDestination = ReturnType<typeof pino.destination>;

/** Lines are gathered up to this many bytes before one write to stdout (one write per about 10 requests)... */
export const LOG_BATCH_BYTES = 4096;
/** ...and never wait longer than this, so an idle server's last lines still show at once to a human. */
export const LOG_FLUSH_MS = 250;

/**
 * The request log goes to stdout without blocking the request: writes are asynchronous and batched
 * (a write per LOG_BATCH_BYTES, or after LOG_FLUSH_MS): the request log at the default level cost
 * /api/users/me about a third of its throughput (issue 15), and a syscall per line was part of it. pino flushes what is left when the process exits, and
 * onClose flushes it when the app stops.
 */
export function createLogDestination(config: Config): LogDestination | undefined {
  if (config.logLevel === 'silent') return undefined;
  return pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
}
