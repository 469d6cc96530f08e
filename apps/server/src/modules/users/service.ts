import { MESSAGES, type TUserInfo } from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords';
import { endSession, hashToken, type SessionUser, startSession, toUserInfo } from '../../auth/sessions';
import { LOGIN_THROTTLE, type LoginThrottleKeys, loginDelaySeconds, loginThrottleKeys } from '../../auth/throttle';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/envelope';
import {
  clearLoginFailures,
  findUserByUserId,
  purgeLoginFailures,
  recentLoginFailureTimes,
  recordLoginFailures,
} from './repo';

async function assertNotThrottled(db: Database, keys: LoginThrottleKeys, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  const [pair, address, id] = await Promise.all(
    [keys.pair, keys.address, keys.id].map((key) => recentLoginFailureTimes(db, key, since)),
  );
  const delay = loginDelaySeconds({ pair: pair ?? [], address: address ?? [], id: id ?? [] }, now);
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
 * Throttled attempts are refused before the password is looked at (policy: auth/throttle.ts).
 */
export async function login(db: Database, input: LoginInput): Promise<{ user: TUserInfo; token: string }> {
  const now = new Date();
  const keys = loginThrottleKeys(input.userId, input.address);
  await assertNotThrottled(db, keys, now);

  const user = await findUserByUserId(db, input.userId);
  const valid = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await burnPasswordCheck(input.password);
  if (!user || !valid) {
    await db.transaction(async (tx) => {
      await recordLoginFailures(tx, [keys.pair, keys.address, keys.id], now);
      await purgeLoginFailures(tx, new Date(now.getTime() - LOGIN_THROTTLE.windowMs));
    });
    throw new HttpError(401, MESSAGES.loginFailed);
  }

  const token = await db.transaction(async (tx) => {
    // Only this pair: the address's count covers other IDs, which one good password must not reset.
    await clearLoginFailures(tx, keys.pair);
    if (input.previousToken) await endSession(tx, hashToken(input.previousToken));
    await recordAudit(tx, {
      actor: user.userId,
      action: 'user.login',
      region: user.region,
      detail: { address: input.address },
    });
    return startSession(tx, user.id, now);
  });
  return { user: toUserInfo(user), token };
}

/** Ends the caller's own session; a session cannot sign out somebody else. */
export async function logout(db: Database, user: SessionUser, userId: string): Promise<void> {
  if (user.userId !== userId) throw new HttpError(403, MESSAGES.logoutFailed);
  await endSession(db, user.sessionId);
  await recordAudit(db, { actor: user.userId, action: 'user.logout', region: user.region });
}

export function me(user: SessionUser): TUserInfo {
  const { id: _id, sessionId: _sessionId, ...info } = user;
  return info;
}
