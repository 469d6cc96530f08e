import {
  type BodyIn,
  type Contract,
  MESSAGES,
  type ParamsIn,
  pathOf,
  type QueryIn,
  type ResponseOf,
  searchOf,
  type TEnvelope,
} from '@signage/domain';
import type { z } from 'zod';
import { useAuth } from './auth/store';
import { navigateTo } from './navigation';

/** Where the API lives; same origin unless a deployment sets VITE_API_BASE. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/** A call that did not answer `Success`: the HTTP status and the server's message (catalogue text). */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

type RequestOptions<T> = {
  query?: Record<string, unknown>;
  /** JSON-serialised, or sent as is when FormData or a Blob (uploads; a Blob with its own type). */
  body?: unknown;
  signal?: AbortSignal;
  /** Validates `data` at the edge; the type then comes from the domain schema. */
  schema?: z.ZodType<T>;
  /**
   * Calls made without a session (login, session restore, logout): no User-Name header, and a 401
   * is an answer for the caller rather than the end of the session.
   */
  anonymous?: boolean;
};

export function isEnvelope(value: unknown): value is TEnvelope<unknown> {
  return typeof value === 'object' && value !== null && 'result' in value && 'message' in value;
}

/** The session is gone: forget the user (a signed-in one is told why) and show the login page. */
export function endLocalSession(): void {
  useAuth.getState().expire();
  navigateTo('/login');
}

async function request<T>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const username = useAuth.getState().user?.username;
  // The spec's User-Name header; the server never trusts it. Encoded: header values must be Latin-1.
  if (username && !options.anonymous) headers['User-Name'] = encodeURIComponent(username);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body instanceof Blob) {
    headers['Content-Type'] = options.body.type || 'application/octet-stream';
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${searchOf(options.query)}`, {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, MESSAGES.unexpectedError);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  const envelope = isEnvelope(payload) ? payload : undefined;

  if (response.status === 401 && !options.anonymous) endLocalSession();

  if (!response.ok || envelope?.result !== 'Success') {
    throw new ApiError(response.status, envelope?.message || MESSAGES.unexpectedError);
  }
  return options.schema ? options.schema.parse(envelope.data) : (envelope.data as T);
}

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
    schema: contract.response as z.ZodType<ResponseOf<C>>,
  });
}

/** The input may be left out when nothing in it is required. */
type CallArgs<C extends Contract> =
  Record<string, never> extends Omit<CallInput<C>, 'signal' | 'anonymous'>
    ? [input?: CallInput<C>]
    : [input: CallInput<C>];

/** The text to show for a failed call: the server's message, or the catalogue default of the call. */
export function errorMessageOf(error: unknown, fallback: string = MESSAGES.unexpectedError): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
