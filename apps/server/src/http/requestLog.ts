import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';

/**
 * The request log: one line per answered request carrying what Fastify's two lines (incoming,
 * completed) carried, so a request costs one log write instead of two.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    // Fastify's serialisers turn req and res into the fields of its own two lines.
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export type LogDestination = ReturnType<typeof pino.destination>;

/**
 * The request log goes to stdout without blocking the request: writes are asynchronous and lines
 * that arrive while one is in flight leave together in the next write. pino flushes what is left
 * when the process exits, and onClose flushes it when the app stops.
 */
export function createLogDestination(config: Config): LogDestination | undefined {
  if (config.logLevel === 'silent') return undefined;
  return pino.destination({ dest: 1, sync: false });
}
