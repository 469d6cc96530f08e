import type { SQLWrapper } from 'drizzle-orm';
import type { Database } from './client';

/**
 * A statement run on the hot paths (every guarded request, every heartbeat), built once per database and
 * prepared under `name`: drizzle builds its SQL once instead of on every call, and on PostgreSQL each pooled
 * connection parses and plans it once. `build` must call `.prepare(name)` on a query with placeholders.
 */
export function preparedPerDatabase<Q>(build: (db: Database) => Q): (db: Database) => Q {
  const built = new WeakMap<Database, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * The rows of a prepared select as the driver answers them, by column name and unmapped (timestamps in
 * PostgreSQL's text form, JSON parsed): for a hot statement whose caller maps its rows itself, cheaper than
 * the query builder's generic per-column mapping. Both drivers' prepared queries (node-postgres, PGlite)
 * have `all` for this, though the query builder's types do not declare it.
 */
export async function rawRows<R>(prepared: object, values: Record<string, unknown>): Promise<R[]> {
  const all = (prepared as { all?: (values: Record<string, unknown>) => Promise<unknown[]> }).all;
  if (typeof all !== 'function') throw new Error('this driver has no raw rows for a prepared statement');
  return (await all.call(prepared, values)) as R[];
}

/**
 * The rows of a raw query (`db.execute`), by column name and unmapped like rawRows: both drivers
 * (node-postgres, PGlite) answer it with `rows`, though the query builder's types differ per driver.
 */
export async function executeRows<R>(db: Database, query: SQLWrapper): Promise<R[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: R[] }).rows;
}
