import { containsNulCharacter, MESSAGES } from '@signage/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { HttpError } from './envelope';

type ZodSchemaCompiler =
  typeof zodValidatorCompiler extends FastifySchemaCompiler<infer S> ? FastifySchemaCompiler<S> : never;

/**
 * The zod validator of every route, with one rule in front of every schema: no U+0000 in any string of
 * params, query or body (it would reach PostgreSQL and fail there as a 500). Headers are not checked:
 * none of them is stored, and Node refuses NUL in header values already.
 */
export const validatorCompiler: ZodSchemaCompiler = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart === 'headers') return validate;
  return (data: unknown) =>
    containsNulCharacter(data) ? { error: new HttpError(400, MESSAGES.controlCharacters) } : validate(data);
};
