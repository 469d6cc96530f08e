import type { z } from 'zod';
import type { Role } from '../catalog/roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/**
 * Who may call an endpoint: 'public' (anyone, no session), 'session' (any signed-in user), the roles
 * of a ROLE_GROUPS entry (a session with one of them; others get 403; never write a role list here by hand)
 * or 'device' (a paired player's bearer device token; a user's session does not count).
 */
export type Access = 'public' | 'session' | 'device' | readonly Role[];

/**
 * How the 200 answer is sent. 'envelope' (the default): `{ result, message, data }` with `response` as the
 * schema of `data`. 'raw': a file or stream (media, PDF, log text); `response` documents the body only.
 */
export type Reply = 'envelope' | 'raw';

/**
 * One HTTP endpoint, declared once as data. The server registers it (schemas, envelope, role guard), the
 * access-matrix test calls it as every role, OpenAPI is generated from it and clients call it through a
 * typed `call(contract, …)`. `path` is the full path with `:name` parameters (Fastify syntax).
 */
export type Contract = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  readonly reply?: Reply;
  /** Failure statuses the endpoint answers besides 401/403 (added from `roles`); documented in OpenAPI. */
  readonly errors?: readonly number[];
  readonly roles: Access;
  readonly summary: string;
  readonly tags: readonly string[];
  /**
   * Bodies that are not JSON (multipart forms, tus uploads): documented with this content type, and
   * the server reads them itself instead of validating `body`.
   */
  readonly consumes?: string;
};

/** Declares a contract; `const` keeps the literal method and path so clients get exact types. */
export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Given<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server hands a handler after validation (zod output types). */
export type ParamsOf<C extends Contract> = Parsed<C['params']>;
export type QueryOf<C extends Contract> = Parsed<C['query']>;
export type BodyOf<C extends Contract> = Parsed<C['body']>;
/** What a client sends (zod input types: defaults may be left out). */
export type ParamsIn<C extends Contract> = Given<C['params']>;
export type QueryIn<C extends Contract> = Given<C['query']>;
export type BodyIn<C extends Contract> = Given<C['body']>;
/** The `data` of a success answer (or the body of a raw one). */
export type ResponseOf<C extends Contract> = z.output<C['response']>;

/** Whether a signed-in user of the role may call the endpoint (device endpoints take no user). */
export function contractAllows(contract: Pick<Contract, 'roles'>, role: Role): boolean {
  const { roles } = contract;
  if (roles === 'device') return false;
  return typeof roles === 'string' || roles.includes(role);
}

/**
 * The path with its `:name` parameters filled in (URI-encoded). A missing parameter is a programming
 * error, so it throws instead of calling a wrong URL.
 */
export function pathOf(contract: Pick<Contract, 'path'>, params?: Record<string, string | number>): string {
  return contract.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${contract.path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

type QueryValue = string | number | boolean | null | undefined;

/**
 * A query object as a search string: arrays repeat the name, empty values are left out (the server's
 * list schemas read repeated names as arrays). Returns '' or '?a=1&b=2'.
 */
export function searchOf(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    const values = (Array.isArray(value) ? value : [value]) as QueryValue[];
    for (const v of values) {
      if (v !== undefined && v !== null && v !== '') params.append(name, String(v));
    }
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The full URL path of a call: filled-in path plus query string. */
export function urlOf<C extends Contract>(
  contract: C,
  input: { params?: ParamsIn<C>; query?: QueryIn<C> } = {},
): string {
  return (
    pathOf(contract, input.params as Record<string, string> | undefined) +
    searchOf(input.query as Record<string, unknown> | undefined)
  );
}
