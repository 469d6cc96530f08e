import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './helpers';

/** A database of its own with a two-row table, `retry_probe`, whose counters the retry tests move. */
export async function retryProbe() {
  const handle = await createTestDatabase();
  const db: Database = handle.db;
  await db.execute(sql`create table retry_probe (id int primary key, n int not null default 0)`);
  await db.execute(sql`insert into retry_probe (id) values (1), (2)`);
  const countOf = async (id: number) =>
    ((await db.execute(sql`select n from retry_probe where id = ${id}`)) as unknown as { rows: { n: number }[] })
      .rows[0]?.n;
  return { db, countOf, close: () => handle.close() };
}
