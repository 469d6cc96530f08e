import type { BodyOf, Contract, ParamsOf, QueryOf, ResponseOf } from '@signage/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type CachedDevice, currentUser } from '../auth/guards';
import type { SessionUser } from '../auth/sessions';
import { ok, responses } from './envelope';
import { compiledSuccessSerializer } from './serializer';

/** The Fastify scope a module registers its routes on (zod-typed, under the module's prefix). */
export type ModuleApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The paired player a device route's handler gets: this layer knows only its code. The layer that pairs
 * players (agent/device.ts) declares the rest of the row here by declaration merging, as Fastify's own
 * request decorations are declared, so http/ never imports the modules.
 */
export interface PairedDevice extends CachedDevice {}

/**
 * What a handler gets: the validated input, the signed-in user (null on public and device routes), the
 * paired player of a device route (null elsewhere), request and reply.
 */
export type RouteInput<C extends Contract, E extends RouteExtras = RouteExtras> = {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  user: C['roles'] extends 'public' | 'device' ? SessionUser | null : SessionUser;
  device: C['roles'] extends 'device' ? (E extends { cachedDevice: true } ? CachedDevice : PairedDevice) : null;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * Envelope routes return the `data` (wrapped here), or the reply when they answered without a body
 * themselves (304 Not Modified); raw routes send the reply themselves and return it.
 */
type RouteOutput<C extends Contract> = C['reply'] extends 'raw'
  ? FastifyReply
  : z.input<C['response']> | ResponseOf<C> | FastifyReply;

function failureStatuses(contract: Contract): number[] {
  const statuses = new Set(contract.errors ?? []);
  if (contract.roles !== 'public') statuses.add(401);
  if (Array.isArray(contract.roles)) statuses.add(403);
  return [...statuses].sort((a, b) => a - b);
}

/** The URL inside the module's prefix: contracts carry full paths, modules are registered under a prefix. */
function localUrl(app: ModuleApp, path: string): string {
  if (!path.startsWith(app.prefix)) throw new Error(`${path} is outside the module prefix ${app.prefix}`);
  return path.slice(app.prefix.length) || '/';
}

/** The onRequest guard of an access kind: the session, role or device-token check (none when public). */
function guardFor(app: ModuleApp, roles: Contract['roles']) {
  if (roles === 'public') return undefined;
  if (roles === 'session') return app.requireSession;
  if (roles === 'device') return app.requireDevice;
  return app.requireRoles(...roles);
}

/** OpenAPI security of a route: none when public, the bearer device token on device routes, else the default. */
function securityOf(roles: Contract['roles']) {
  if (roles === 'public') return { security: [] };
  if (roles === 'device') return { security: [{ device: [] }] };
  return {};
}

/** Route options besides the contract: extra hooks, and a body limit for calls that carry files. */
export type RouteExtras = {
  preValidation?: (request: FastifyRequest) => Promise<void>;
  /** A raw body's own size cap (bytes), instead of the server-wide one. */
  bodyLimit?: number;
  /** For failures Fastify raises before the handler (body too large, wrong content type) in the route's words. */
  errorHandler?: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;
  /**
   * Let the cross-site request guard (http/csrf.ts) pass this state-changing route. Only for a form that
   * another site posts by design (the SAML identity provider's answer), with the reason beside it.
   */
  allowCrossSite?: true;
  /** A call every player makes every minute: its answered requests are logged at debug (http/requestLog.ts). */
  routine?: true;
  /** The success answer is written by a serializer compiled from its schema (http/serializer.ts): hot lists. */
  compiledResponse?: true;
  /**
   * A device call whose player may come from the request cache (auth/cache.ts, agent/device.ts): it gets the
   * player's code alone, and its write must check the token again. The heartbeat, every player every minute.
   */
  cachedDevice?: true;
};

/**
 * Registers a contract's endpoint on a module: method and path, zod schemas (OpenAPI comes from them), the
 * success/failure envelope and the access guard, run on request before the body is read (401 without a
 * session or device token, 403 for a role the contract does not name). The handler is left with service
 * call and shaping.
 */
export function route<C extends Contract, E extends RouteExtras = RouteExtras>(
  app: ModuleApp,
  contract: C,
  handler: (input: RouteInput<C, E>) => Promise<RouteOutput<C>>,
  extras: E = {} as E,
): void {
  const { roles } = contract;
  const { allowCrossSite, routine, compiledResponse, cachedDevice, ...options } = extras;
  const guard = guardFor(app, roles);
  const failures = failureStatuses(contract);
  const raw = contract.reply === 'raw';
  app.route({
    method: contract.method,
    url: localUrl(app, contract.path),
    // A device route authenticates by its token, so the module's session requirement does not apply.
    config: {
      public: roles === 'public' || roles === 'device',
      ...(allowCrossSite ? { allowCrossSite } : {}),
      ...(routine ? { routine } : {}),
      ...(cachedDevice ? { cachedDevice } : {}),
    },
    ...(guard ? { onRequest: guard } : {}),
    // Fastify types a route's own compiler over the route's whole schema object; it is called per status.
    ...(compiledResponse ? { serializerCompiler: compiledSuccessSerializer as never } : {}),
    ...options,
    schema: {
      tags: [...contract.tags],
      summary: contract.summary,
      ...securityOf(roles),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      // A body the server reads itself (multipart) is documented by its content type only.
      ...(contract.consumes ? { consumes: [contract.consumes] } : contract.body ? { body: contract.body } : {}),
      response: raw
        ? { ...responses(contract.response, ...failures), 200: contract.response }
        : responses(contract.response, ...failures),
    },
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        user: roles === 'public' || roles === 'device' ? request.user : currentUser(request),
        // The device guard ran on request and refused the call unless it found the token's player.
        device: roles === 'device' ? request.device : null,
        request,
        reply,
      } as RouteInput<C, E>;
      const result = await handler(input);
      if (raw) return result;
      // Answered already (304 without a body): resolving with nothing keeps Fastify from sending again. Told
      // by reply.sent, not by the result: a reply is thenable, so awaiting a handler that returned it yields
      // undefined (and the envelope of undefined was sent a second time, a warning per 304).
      if (reply.sent) return undefined;
      return ok(result);
    },
  });
}

/**
 * The guard of a contract for routes that cannot be described by schemas (the tus server answers its own
 * protocol): the same 401/403 decision as route() makes.
 */
export function guardOf(app: ModuleApp, contract: Contract) {
  return guardFor(app, contract.roles) ?? (async () => {});
}
