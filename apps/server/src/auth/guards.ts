import type { Role } from '@signage/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { forbidden, unauthorized } from '../http/envelope';
import { AuthCache } from './cache';
import { clearSessionCookie, resolveSession, SESSION_COOKIE, type SessionUser } from './sessions';

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the session guard; null before it ran or on public routes. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** This process's cache of sessions and device tokens (auth/cache.ts), kept by the database listener. */
    authCache: RequestCache;
    /** onRequest/preHandler guard: 401 without a valid session. */
    requireSession: Guard;
    /** onRequest/preHandler guard: 401 without a session, 403 unless the user has one of the roles. */
    requireRoles: (...roles: readonly Role[]) => Guard;
  }
  interface FastifyContextConfig {
    /** Routes open without a session (login, health). Everything else under a module needs one. */
    public?: boolean;
  }
}

/** What a cached device call gets of its player: its code alone (about 250 bytes an entry with the key). */
export type CachedDevice = { deviceCode: string };

/** The request path's cache: sessions to users, device token hashes to players' codes. */
export type RequestCache = AuthCache<SessionUser, CachedDevice>;

/**
 * Decorates requests with `user` and the instance with the session and role guards and the cache they
 * read through (off until the database listener turns it on: see listenForPush).
 */
export function registerAuth(app: FastifyInstance, db: Database, deviceCacheEntries?: number): RequestCache {
  const cache: RequestCache = new AuthCache(undefined, undefined, deviceCacheEntries);
  app.decorate('authCache', cache);
  app.decorateRequest('user', null);

  const requireSession: Guard = async (request, reply) => {
    if (request.user) return;
    const token = request.cookies[SESSION_COOKIE];
    const user = token ? await resolveSession(db, token, cache) : undefined;
    if (!user) {
      // A stale cookie is removed so the browser stops sending it.
      if (token) clearSessionCookie(request, reply);
      throw unauthorized();
    }
    request.user = user;
  };

  const requireRoles =
    (...roles: readonly Role[]): Guard =>
    async (request, reply) => {
      await requireSession(request, reply);
      if (!roles.includes(currentUser(request).authority)) throw forbidden();
    };

  app.decorate('requireSession', requireSession);
  app.decorate('requireRoles', requireRoles);
  return cache;
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
