import { randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { SESSION_MAX_AGE_SECONDS, type TUserInfo } from '@signage/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../blob';
import type { Database } from '../db/client';
import type { users } from '../db/schema';
import type { AuthCache } from './cache';
import { deleteExpiredSessions, deleteSession, findLiveSession, insertSession, touchSession } from './repo';

export const SESSION_COOKIE = 'sid';
/** Writing last_seen_at on every request would turn reads into writes; once every few minutes is enough. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** The signed-in user of a request: the user info of the spec plus what the server needs internally. */
export type SessionUser = TUserInfo & { id: string; sessionId: string };

export function hashToken(token: string): string {
  return sha256(token);
}

export function toUserInfo(user: typeof users.$inferSelect): TUserInfo {
  return {
    username: user.username,
    userId: user.userId,
    authority: user.authority as TUserInfo['authority'],
    region: user.region,
    shop_no: user.shopNo,
    shop_name: user.shopName,
  };
}

function cookieOptions(request: FastifyRequest): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // request.protocol honours X-Forwarded-Proto from trusted proxies (config TRUST_PROXY).
    secure: request.protocol === 'https',
  };
}

/** Creates a session for a user and returns the cookie token; only its hash is stored. */
export async function startSession(db: Database, userPk: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  await deleteExpiredSessions(db, now);
  await insertSession(db, { id: hashToken(token), userPk, expiresAt });
  return token;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_MAX_AGE_SECONDS });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

/**
 * The user behind a cookie token, or undefined when the token is unknown or expired. With a cache (the
 * server's), a session seen within its TTL is answered without the database; see AuthCache for what ends
 * an entry at once.
 */
export async function resolveSession(
  db: Database,
  token: string,
  cache?: AuthCache<SessionUser, unknown>,
  now = new Date(),
): Promise<SessionUser | undefined> {
  const sessionId = hashToken(token);
  const at = now.getTime();
  const cached = cache?.session(sessionId, at);
  if (cached) {
    if (at - cached.lastSeenAt > TOUCH_INTERVAL_MS) {
      cached.lastSeenAt = at;
      await touchSession(db, sessionId, now);
    }
    return cached.user;
  }
  const generation = cache?.generation ?? 0;
  const row = await findLiveSession(db, sessionId, now);
  if (!row) return undefined;
  let lastSeenAt = row.lastSeenAt.getTime();
  if (at - lastSeenAt > TOUCH_INTERVAL_MS) {
    await touchSession(db, sessionId, now);
    lastSeenAt = at;
  }
  const user: SessionUser = { ...toUserInfo(row.user), id: row.user.id, sessionId };
  cache?.putSession(
    sessionId,
    generation,
    { userPk: row.user.id, user, expiresAt: row.expiresAt.getTime(), lastSeenAt },
    at,
  );
  return user;
}

export async function endSession(db: Database, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}
