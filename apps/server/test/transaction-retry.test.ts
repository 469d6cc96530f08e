import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { TRANSACTION_ATTEMPTS, transactionRetries } from '../src/db/retry';
import { retryProbe } from './retryProbe';

/**
 * The belt under the lock order (issue 30, item 3): the database's transactions run again after a deadlock
 * or a serialisation failure, a bounded number of times, and after nothing else. A real deadlock between two
 * connections: transaction-retry.postgres.test.ts.
 */

let probe: Awaited<ReturnType<typeof retryProbe>>;
let db: Database;
let countOf: (id: number) => Promise<number | undefined>;
beforeAll(async () => {
  probe = await retryProbe();
  ({ db, countOf } = probe);
});
afterAll(() => probe.close());

/** An error as drizzle throws a driver's: its SQLSTATE on the `cause`. */
const failure = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });

describe('transaction retry', () => {
  it('runs a transaction again after a deadlock, and what the failed attempt wrote is gone', async () => {
    const before = transactionRetries();
    const start = (await countOf(1)) ?? 0;
    let attempts = 0;
    const answer = await db.transaction(async (tx) => {
      attempts++;
      await tx.execute(sql`update retry_probe set n = n + 1 where id = 1`);
      if (attempts === 1) throw failure('40P01');
      return 'done';
    });
    expect(answer).toBe('done');
    expect(attempts).toBe(2);
    expect(await countOf(1)).toBe(start + 1);
    expect(transactionRetries() - before).toBe(1);
  });

  it('runs it again after a serialisation failure, at most TRANSACTION_ATTEMPTS times in all', async () => {
    let attempts = 0;
    const run = db.transaction(async () => {
      attempts++;
      throw failure('40001');
    });
    await expect(run).rejects.toMatchObject({ cause: { code: '40001' } });
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
  });

  it('does not run it again after any other failure', async () => {
    let attempts = 0;
    const run = db.transaction(async () => {
      attempts++;
      throw failure('23505');
    });
    await expect(run).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(attempts).toBe(1);
  });
});
