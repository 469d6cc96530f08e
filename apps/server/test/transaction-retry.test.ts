import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../src/db/client';
import { TRANSACTION_ATTEMPTS, transactionRetries } from '../src/db/retry';
import { createTestDatabase, TEST_DATABASE_URL } from './helpers';

/**
 * The belt under the lock order (issue 30, item 3): the database's transactions run again after a deadlock
 * or a serialisation failure, a bounded number of times, and after nothing else.
 */

let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await db.execute(sql`create table retry_probe (id int primary key, n int not null default 0)`);
  await db.execute(sql`insert into retry_probe (id) values (1), (2)`);
});
afterAll(() => handle.close());

/** An error as drizzle throws a driver's: its SQLSTATE on the `cause`. */
const failure = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });
const countOf = async (id: number) =>
  ((await db.execute(sql`select n from retry_probe where id = ${id}`)) as unknown as { rows: { n: number }[] }).rows[0]
    ?.n;

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

  // Two PostgreSQL connections taking two rows in opposite orders: PostgreSQL ends one with a deadlock, and
  // that one runs again once the other has committed (PGlite has one connection: no deadlock to make).
  it.runIf(TEST_DATABASE_URL)('completes both transactions of a real deadlock', async () => {
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
