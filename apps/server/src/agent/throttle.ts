import { AGENT_MESSAGES, PAIR_THROTTLE } from '@signage/domain';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { throttleDelaySeconds } from '../auth/throttle';
import type { Database } from '../db/client';
import { pairingFailures } from '../db/schema';
import { HttpError } from '../http/envelope';

/**
 * Wrong PINs count against the serial and address pair (PAIR_THROTTLE.perSerialAndAddress) and the
 * address alone (PAIR_THROTTLE.perAddress, across serials), like the sign-in throttle counts ID and
 * address: a stranger guessing a serial from elsewhere only ever blocks themselves. The PIN's own
 * budget over all addresses (PAIR_THROTTLE.guessesPerPin) is kept on the PIN (device_pins).
 * The address is Fastify's request.ip, as for sign-in: the client's address, or the one a trusted
 * proxy names in X-Forwarded-For when TRUST_PROXY names that proxy.
 */
export type PairThrottleKeys = { pair: string; address: string };

/** Keys in pairing_failures; no IP address holds "|", so the pair key cannot be read two ways. */
export function pairThrottleKeys(serial: string, address: string): PairThrottleKeys {
  return { pair: `pair:${address}|${serial}`, address: `ip:${address}` };
}

const windowStart = (now: Date) => new Date(now.getTime() - PAIR_THROTTLE.windowMs);

async function recentFailures(db: Database, key: string, limit: number, now: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: pairingFailures.at })
    .from(pairingFailures)
    .where(and(eq(pairingFailures.key, key), gte(pairingFailures.at, windowStart(now))))
    .orderBy(desc(pairingFailures.at))
    .limit(limit);
  return rows.map((row) => row.at);
}

/** 429 with Retry-After while the pair or the address has too many recent wrong PINs. */
export async function assertNotThrottled(db: Database, keys: PairThrottleKeys, now: Date): Promise<void> {
  const { windowMs, perSerialAndAddress, perAddress } = PAIR_THROTTLE;
  const delay = Math.max(
    throttleDelaySeconds(
      await recentFailures(db, keys.pair, perSerialAndAddress, now),
      perSerialAndAddress,
      windowMs,
      now,
    ),
    throttleDelaySeconds(await recentFailures(db, keys.address, perAddress, now), perAddress, windowMs, now),
  );
  if (delay > 0) throw new HttpError(429, AGENT_MESSAGES.tooManyGuesses, { 'retry-after': String(delay) });
}

/** Counts a wrong PIN against the pair and the address, and drops failures older than the window. */
export async function recordPairingFailure(db: Database, keys: PairThrottleKeys, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(pairingFailures).values([
      { key: keys.pair, at: now },
      { key: keys.address, at: now },
    ]);
    await tx.delete(pairingFailures).where(lt(pairingFailures.at, windowStart(now)));
  });
}
