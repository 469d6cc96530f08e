import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import type { PgliteProxy } from '../src/db/pgliteProxy';
import { SERVER_DIR, tempDir } from './helpers';

/**
 * The embedded database (PGlite) runs in its own thread (issue 15 item 4): the server's thread stays free
 * while a query runs, and the database still behaves as one PostgreSQL session: transactions hold it,
 * errors keep PostgreSQL's code, notifications arrive, and closing ends the thread. Always on PGlite,
 * whatever TEST_DATABASE_URL says.
 */

let handle: DatabaseHandle;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  const templateFile = inject('pgliteTemplate');
  const template = templateFile ? new Blob([fs.readFileSync(templateFile)]) : undefined;
  handle = await openDatabase({ dataDir: tempDir(), databaseUrl: undefined }, { memory: true, template });
  expect(handle.kind).toBe('pglite');
  await handle.db.execute(sql`create table thread_test (id integer primary key, note text not null)`);
});

afterAll(async () => {
  await handle?.close();
});

describe('the embedded database in its own thread', () => {
  it("keeps the server's thread free while a long query runs", async () => {
    // Turns of this thread's event loop while the query runs: on this thread the query would hold the loop
    // from its start to its end, and not one turn could come in between.
    let turns = 0;
    let done = false;
    const query = rows<{ n: number }>(sql`select count(*)::int as n from generate_series(1, 1000000)`).finally(() => {
      done = true;
    });
    const turning = (async () => {
      while (!done) {
        await new Promise((resolve) => setImmediate(resolve));
        turns += 1;
      }
    })();
    const [row] = await query;
    await turning;
    expect(row?.n).toBe(1_000_000);
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it('makes other queries wait while a transaction is open, and they then see its commit', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_test (id, note) values (1, 'in the transaction')`);
      outside = rows<{ note: string }>(sql`select note from thread_test where id = 1`).then((found) => {
        order.push('outside read');
        return found;
      });
      // The outside read is queued behind the transaction: the transaction's next statements, sent after it,
      // still run first, and it cannot run before the commit.
      await new Promise((resolve) => setImmediate(resolve));
      await tx.execute(sql`select 1`);
      expect(order).toEqual([]);
      await tx.execute(sql`update thread_test set note = 'committed' where id = 1`);
      order.push('transaction end');
    });
    expect(await outside).toEqual([{ note: 'committed' }]);
    expect(order).toEqual(['transaction end', 'outside read']);
  });

  it('rolls back a transaction that throws, and a savepoint inside one', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_test (id, note) values (2, 'rolled back')`);
        throw new Error('stop here');
      }),
    ).rejects.toThrow('stop here');
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_test (id, note) values (3, 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_test (id, note) values (4, 'savepoint')`);
          inner.rollback();
        })
        .catch(() => undefined);
    });
    expect(await rows(sql`select id, note from thread_test where id in (2, 3, 4) order by id`)).toEqual([
      { id: 3, note: 'kept' },
    ]);
  });

  it("passes PostgreSQL's error code and constraint across the thread", async () => {
    const error = await handle.db.execute(sql`insert into thread_test (id, note) values (1, 'duplicate')`).then(
      () => undefined,
      (e: unknown) => e as { cause?: Record<string, unknown> },
    );
    const cause = error?.cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.constraint).toBe('thread_test_pkey');
    expect(cause?.message).toContain('duplicate key value violates unique constraint');
    // The database is usable after the error.
    expect(await rows(sql`select count(*)::int as n from thread_test`)).toEqual([{ n: 2 }]);
  });

  it('returns values as the in-process driver did (timestamps as text for drizzle to map)', async () => {
    const [row] = await rows<Record<string, unknown>>(
      sql`select timestamptz '2026-01-02 03:04:05+00' as at, true as flag, '{"a":[1,2]}'::jsonb as doc,
        '\\x0102'::bytea as bytes, 12345678901::bigint as big`,
    );
    expect(row?.at).toBe('2026-01-02 03:04:05+00');
    expect(row?.flag).toBe(true);
    expect(row?.doc).toEqual({ a: [1, 2] });
    expect(Array.from(row?.bytes as Uint8Array)).toEqual([1, 2]);
    expect(row?.big).toBe(12345678901);
  });

  it('delivers notifications to listeners until they stop listening', async () => {
    const client = (handle.db as unknown as { $client: PgliteProxy }).$client;
    const received: string[] = [];
    const unlisten = await client.listen('thread_test_channel', (payload: string) => received.push(payload));
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('thread_test_channel', 'after commit')`);
      expect(received).toEqual([]);
    });
    await handle.db.execute(sql`select 1`);
    expect(received).toEqual(['after commit']);
    await unlisten();
    await handle.db.execute(sql`select pg_notify('thread_test_channel', 'nobody listens')`);
    await handle.db.execute(sql`select 1`);
    expect(received).toEqual(['after commit']);
  });
});

describe("the embedded database's thread and the process", () => {
  /** Runs a script in a new Node process (with tsx) and answers its exit code and output. */
  const run = (script: string) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: SERVER_DIR,
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.once('exit', (code) => resolve({ code, output }));
    });

  it('lets the process exit by itself once the database is closed (no thread left behind)', async () => {
    // From the migrated template the suite made (no initdb in the child: that alone took most of a minute
    // on the loaded 2-core machine).
    const templateFile = inject('pgliteTemplate');
    const script = `
      const { readFileSync } = await import('node:fs');
      const { openDatabase } = await import('./src/db/client.ts');
      const file = ${JSON.stringify(templateFile ?? '')};
      const template = file ? new Blob([readFileSync(file)]) : undefined;
      const handle = await openDatabase({}, { memory: true, template });
      console.log('answers', (await handle.db.execute('select 41 + 1 as n')).rows[0].n);
      await handle.close();
      console.log('closed');`;
    const { code, output } = await run(script);
    expect(output).toContain('answers 42');
    expect(output).toContain('closed');
    expect(code).toBe(0);
  });
});
