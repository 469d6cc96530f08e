import { MESSAGES, type TUserInfo } from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords';
import { endSession, hashToken, type SessionUser, startSession, toUserInfo } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/envelope';
import {
  clearLoginFailures,
  findUserByUserId,
  purgeLoginFailures,
  recentLoginFailures,
  recordLoginFailures,
} from './repo';

/** Sign-in throttle: at most 5 failures per ID and 30 per address in any 15 minutes. */
export const LOGIN_THROTTLE = { windowMs: 15 * 60 * 1000, perId: 5, perAddress: 30 } as const;

const idKey = (userId: string) => `id:${userId}`;
const addressKey = (address: string) => `ip:${address}`;

/**
 * Seconds until fewer than `limit` failures remain inside the window, or 0 when not throttled.
 * `times` are the failures inside the window, newest first.
 */
export function throttleDelaySeconds(times: Date[], limit: number, windowMs: number, now: Date): number {
  const limiting = times[limit - 1];
  if (!limiting) return 0;
  return Math.max(1, Math.ceil((limiting.getTime() + windowMs - now.getTime()) / 1000));
}

async function assertNotThrottled(db: Database, keys: { id: string; address: string }, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  const failures = await recentLoginFailures(db, [keys.id, keys.address], since);
  const timesOf = (key: string) => failures.filter((f) => f.key === key).map((f) => f.at);
  const delay = Math.max(
    throttleDelaySeconds(timesOf(keys.id), LOGIN_THROTTLE.perId, LOGIN_THROTTLE.windowMs, now),
    throttleDelaySeconds(timesOf(keys.address), LOGIN_THROTTLE.perAddress, LOGIN_THROTTLE.windowMs, now),
  );
  if (delay > 0) throw new HttpError(429, MESSAGES.tooManyLoginAttempts, { 'retry-after': String(delay) });
}

export type LoginInput = {
  userId: string;
  password: string;
  address: string;
  /** The cookie token the browser still sent, if any: that session is replaced, not left behind. */
  previousToken?: string;
};

/**
 * Checks an ID and password and opens a session. A wrong password and an unknown ID get the same
 * answer after the same work (a dummy hash is checked), so the answer does not reveal which IDs exist.
 * Throttled attempts are refused before the password is looked at.
 */
export async function login(db: Database, input: LoginInput): Promise<{ user: TUserInfo; token: string }> {
  const now = new Date();
  const keys = { id: idKey(input.userId), address: addressKey(input.address) };
  await assertNotThrottled(db, keys, now);

  const user = await findUserByUserId(db, input.userId);
  const valid = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await burnPasswordCheck(input.password);
  if (!user || !valid) {
    await db.transaction(async (tx) => {
      await recordLoginFailures(tx, [keys.id, keys.address], now);
      await purgeLoginFailures(tx, new Date(now.getTime() - LOGIN_THROTTLE.windowMs));
    });
    throw new HttpError(401, MESSAGES.loginFailed);
  }

  const token = await db.transaction(async (tx) => {
    await clearLoginFailures(tx, keys.id);
    if (input.previousToken) await endSession(tx, hashToken(input.previousToken));
    await recordAudit(tx, { actor: user.userId, action: 'user.login', detail: { address: input.address } });
    return startSession(tx, user.id, now);
  });
  return { user: toUserInfo(user), token };
}

/** Ends the caller's own session; a session cannot sign out somebody else. */
export async function logout(db: Database, user: SessionUser, userId: string): Promise<void> {
  if (user.userId !== userId) throw new HttpError(403, MESSAGES.logoutFailed);
  await endSession(db, user.sessionId);
  await recordAudit(db, { actor: user.userId, action: 'user.logout' });
}

export function me(user: SessionUser): TUserInfo {
  const { id: _id, sessionId: _sessionId, ...info } = user;
  return info;
}
