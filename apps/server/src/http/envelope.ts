import { MESSAGES, ZFailure, zEnvelope } from '@signage/domain';
import type { z } from 'zod';

/** A success envelope (ARCHITECTURE.md section 3). */
export function ok<T>(data: T): { result: 'Success'; message: ''; data: T } {
  return { result: 'Success', message: '', data };
}

export function failure(message: string): { result: 'Failure'; message: string; data: null } {
  return { result: 'Failure', message, data: null };
}

/**
 * An error a service throws on purpose: `status` is the HTTP status, `message` the text the
 * person sees (the spec's catalogue text where it has one).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthorized = () => new HttpError(401, MESSAGES.sessionRequired);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);

/** Response schemas of a route: the success envelope for 200 and the failure envelope for the listed statuses. */
export function responses<T extends z.ZodType, S extends number = never>(data: T, ...failureStatuses: S[]) {
  const failures = Object.fromEntries(failureStatuses.map((status) => [status, ZFailure])) as Record<
    S,
    typeof ZFailure
  >;
  return { 200: zEnvelope(data), ...failures };
}
