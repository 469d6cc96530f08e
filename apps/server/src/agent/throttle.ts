import { AGENT_MESSAGES, PAIR_THROTTLE } from '@signage/domain';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { throttleDelaySeconds } from '../auth/throttle';
import type { Database } from '../db/client';
import { pairingFailures } from '../db/schema';
import { HttpError } from '../http/envelope';

/**
 * Wrong PINs count against the address they came from (20 within 15 minutes, across serials). Guesses
 * against one serial are bounded by its PIN instead (PAIR_THROTTLE.guessesPerPin, then the PIN is void),
 * so a stranger cannot hold a player's pairing hostage with a timed lock.
 */
export const pairAddressKey = (address: string) => `ip:${address}`;

const windowStart = (now: Date) => new Date(now.getTime() - PAIR_THROTTLE.windowMs);

/** 429 with Retry-After while the address has too many recent wrong PINs. */
export async function assertNotThrottled(db: Database, addressKey: string, now: Date): Promise<void> {
  const failures = await db
    .select({ at: pairingFailures.at })
    .from(pairingFailures)
    .where(and(eq(pairingFailures.key, addressKey), gte(pairingFailures.at, windowStart(now))))
    .orderBy(desc(pairingFailures.at))
    .limit(PAIR_THROTTLE.perAddress);
  const times = failures.map((f) => f.at);
  const delay = throttleDelaySeconds(times, PAIR_THROTTLE.perAddress, PAIR_THROTTLE.windowMs, now);
  if (delay > 0) throw new HttpError(429, AGENT_MESSAGES.tooManyGuesses, { 'retry-after': String(delay) });
}

/** Counts a wrong PIN against the address and drops failures older than the window. */
export async function recordPairingFailure(db: Database, addressKey: string, now: Date): Promise<void> {
  await db.insert(pairingFailures).values({ key: addressKey, at: now });
  await db.delete(pairingFailures).where(lt(pairingFailures.at, windowStart(now)));
}
