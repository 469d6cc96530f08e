import { type BodyIn, type Contract, type ParamsIn, pathOf, type QueryIn, type ResponseOf } from '@signage/domain';
import type { z } from 'zod';
import { request } from './http';

// The contract-free part of the client lives in http.ts (the sign-in client uses it without the contracts).
export { API_BASE, ApiError, endLocalSession, errorMessageOf, isEnvelope } from './http';

/** A part of a call's input: required when the contract has it with required fields, absent when it has none. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** The input of `call`: path parameters, query and body as the contract types them (zod input types). */
export type CallInput<C extends Contract> = Part<'params', ParamsIn<C>> &
  Part<'query', QueryIn<C>> &
  // Multipart contracts (uploads) take the form as FormData; other non-JSON bodies (a PDF) a typed Blob.
  Part<
    'body',
    C extends { consumes: 'multipart/form-data' } ? FormData : C extends { consumes: string } ? Blob : BodyIn<C>
  > & {
    signal?: AbortSignal;
    /** No User-Name header, and a 401 is an answer for the caller (sign-in, session restore, sign-out). */
    anonymous?: boolean;
  };

/**
 * Calls an endpoint through its contract: the URL from the contract's path and the params, the query
 * serialised, and the answer's data parsed with the contract's response schema. A renamed field or
 * path in the contracts breaks the build here, not in production. Raw answers (files, PDFs, log text)
 * are links or downloads, not calls: `urlOf` builds their address.
 */
export function call<C extends Contract & { reply?: 'envelope' }>(
  contract: C,
  ...[input]: CallArgs<C>
): Promise<ResponseOf<C>> {
  const given = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
  return request<ResponseOf<C>>(contract.method, pathOf(contract, given.params), {
    query: given.query,
    body: given.body,
    signal: input?.signal,
    anonymous: input?.anonymous,
    parse: (data) => (contract.response as z.ZodType<ResponseOf<C>>).parse(data),
  });
}

/** The input may be left out when nothing in it is required. */
type CallArgs<C extends Contract> =
  Record<string, never> extends Omit<CallInput<C>, 'signal' | 'anonymous'>
    ? [input?: CallInput<C>]
    : [input: CallInput<C>];
