import { MESSAGES } from '@signage/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { failure, HttpError } from './envelope';

type Outcome = { status: number; message: string; headers?: Record<string, string> };

/** Fastify's own 4xx errors that carry no catalogue text get one here. */
const FASTIFY_MESSAGES: Record<number, string> = {
  400: MESSAGES.invalidRequest,
  401: MESSAGES.sessionRequired,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  414: MESSAGES.invalidRequest,
};

function describe(error: FastifyError | HttpError | Error): Outcome {
  if (error instanceof HttpError) return { status: error.status, message: error.message, headers: error.headers };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // An issue at the root (no body at all, or not an object) has zod's generic text; say it plainly.
    const atRoot = !first?.instancePath || first.instancePath === '/';
    const generic = first?.message?.startsWith('Invalid input') ?? true;
    return { status: 400, message: atRoot && generic ? MESSAGES.invalidRequest : (first?.message ?? '') };
  }
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, message: FASTIFY_MESSAGES[status] ?? error.message };
  }
  return { status: 500, message: MESSAGES.unexpectedError };
}

/**
 * Every failure leaves as an envelope with an honest status: bad input 400, never 500.
 * Real faults are logged with their cause and answered with the catalogue's generic text.
 */
export function errorHandler(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) {
  const outcome = describe(error);
  if (outcome.status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ status: outcome.status, reason: error.message }, 'request refused');
  if (outcome.headers) reply.headers(outcome.headers);
  return reply.status(outcome.status).send(failure(outcome.message));
}
