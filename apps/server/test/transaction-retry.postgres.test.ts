import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { transactionRetries } from '../src/db/retry';
import { retryProbe } from './retryProbe';

/** A real deadlock (issue 30, item 3): PostgreSQL ends one of two crossing transactions, which runs again. */
let probe: Awaited<ReturnType<typeof retryProbe>>;
let db: Database;
let countOf: (id: number) => Promise<number | undefined>;
beforeAll(async () => {
  probe = await retryProbe();
  ({ db, countOf } = probe);
});
afterAll(() => probe.close());

describe('transaction retry on PostgreSQL', () => {
  // Two PostgreSQL connections taking two rows in opposite orders: PostgreSQL ends one with a deadlock, and
  // that one runs again once the other has committed (PGlite has one connection: no deadlock to make).
  it('completes both transactions of a real deadlock', async () => {
    const before = transactionRetries();
    const [start1, start2] = [(await countOf(1)) ?? 0, (await countOf(2)) ?? 0];
    const held: Record<number, () => void> = {};
    const holding = { 1: new Promise<void>((r) => (held[1] = r)), 2: new Promise<void>((r) => (held[2] = r)) };
    const crossing = (first: 1 | 2, second: 1 | 2) => {
      let attempt = 0;
      return db.transaction(async (tx) => {
        attempt++;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${first}`);
        if (attempt === 1) {
          held[first]?.();
          await holding[second];
        }
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${second}`);
        return attempt;
      });
    };
    const attempts = await Promise.all([crossing(1, 2), crossing(2, 1)]);
    expect([...attempts].sort()).toEqual([1, 2]);
    expect([await countOf(1), await countOf(2)]).toEqual([start1 + 2, start2 + 2]);
    expect(transactionRetries() - before).toBe(1);
  });
});
