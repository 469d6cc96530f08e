import { AGENT_MESSAGES, PAIR_THROTTLE } from '@signage/domain';
import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { pairingFailures } from '../db/schema';
import { HttpError } from '../http/envelope';
import { throttleDelaySeconds } from '../modules/users';

/** The keys wrong PINs count against: the serial tried and the address it came from. */
export type PairKeys = { serial: string; address: string };

export const pairKeysOf = (serial: string, address: string): PairKeys => ({
  serial: `serial:${serial}`,
  address: `ip:${address}`,
});

const windowStart = (now: Date) => new Date(now.getTime() - PAIR_THROTTLE.windowMs);

/** 429 with Retry-After while the serial or the address has too many recent wrong PINs. */
export async function assertNotThrottled(db: Database, keys: PairKeys, now: Date): Promise<void> {
  const failures = await db
    .select({ key: pairingFailures.key, at: pairingFailures.at })
    .from(pairingFailures)
    .where(and(inArray(pairingFailures.key, [keys.serial, keys.address]), gte(pairingFailures.at, windowStart(now))))
    .orderBy(desc(pairingFailures.at))
    .limit(200);
  const timesOf = (key: string) => failures.filter((f) => f.key === key).map((f) => f.at);
  const delay = Math.max(
    throttleDelaySeconds(timesOf(keys.serial), PAIR_THROTTLE.perSerial, PAIR_THROTTLE.windowMs, now),
    throttleDelaySeconds(timesOf(keys.address), PAIR_THROTTLE.perAddress, PAIR_THROTTLE.windowMs, now),
  );
  if (delay > 0) throw new HttpError(429, AGENT_MESSAGES.tooManyGuesses, { 'retry-after': String(delay) });
}

/** Counts a wrong PIN against both keys and drops failures older than the window. */
export async function recordPairingFailure(db: Database, keys: PairKeys, now: Date): Promise<void> {
  await db.insert(pairingFailures).values([keys.serial, keys.address].map((key) => ({ key, at: now })));
  await db.delete(pairingFailures).where(lt(pairingFailures.at, windowStart(now)));
}

/** A successful pairing forgives the serial's earlier wrong guesses (not the address's). */
export async function clearPairingFailures(db: Database, keys: PairKeys): Promise<void> {
  await db.delete(pairingFailures).where(eq(pairingFailures.key, keys.serial));
}
