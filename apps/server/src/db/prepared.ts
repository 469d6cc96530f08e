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
