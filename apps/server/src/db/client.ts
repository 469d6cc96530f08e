import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { MIGRATIONS_FOLDER } from '../paths';
import {
  DatabaseOpenError,
  type EmbeddedDatabase,
  embeddedDataDir,
  once,
  openEmbedded,
  PGLITE_SETTINGS,
  reason,
} from './embedded';
import { poolInstruments, proxyInstruments, setInstruments } from './instruments';
import type { PgliteProxy } from './pgliteProxy';
import { retryTransactions } from './retry';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'pg';
export type DatabaseHandle = { db: Database; kind: DatabaseKind; close: () => Promise<void> };

export { DatabaseOpenError, MIGRATIONS_FOLDER, PGLITE_SETTINGS };

/** Arbitrary constant: serialises migrations when several servers start at once on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_302_114_551;

/** The connection string without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

export type OpenOptions = {
  /** In-memory PGlite (tests). Ignores DATABASE_URL and DATA_DIR. */
  memory?: boolean;
  /** With `memory`: start from this PGlite data dump (a migrated template) instead of an empty cluster. */
  template?: Blob;
  /** Called when an idle PostgreSQL connection fails; without a listener such errors end the process. */
  onPoolError?: (error: Error) => void;
  /** The embedded database's opening, when main.ts began it before the server's modules loaded (embedded.ts). */
  embedded?: Promise<EmbeddedDatabase>;
};

/**
 * Whether a statement sent to this database is finished even if this process dies meanwhile: true for a
 * PostgreSQL server, reached through a pool (it runs and commits what it received, whoever is left to read
 * the answer), false for the embedded PGlite, which dies with the process.
 */
export const outlivesThisProcess = (db: Database): boolean =>
  (db as unknown as { $client?: unknown }).$client instanceof pg.Pool;

async function openPglite(opening: Promise<EmbeddedDatabase>): Promise<DatabaseHandle> {
  const { client, close } = await opening;
  const db = retryTransactions(drizzlePglite({ client: client as never, schema }));
  setInstruments(
    db,
    proxyInstruments(() => client, Promise.resolve(client)),
  );
  return { db: db as unknown as Database, kind: 'pglite', close };
}

/**
 * The embedded database begun by main.ts (embedded.ts), as a handle before it has opened: the server's app
 * is built meanwhile (about half a second of a start), and each call of its client waits for the open and
 * then goes to the database in the order it was made. `opened` settles with the open (rejecting with its
 * DatabaseOpenError); nothing may be served before it fulfils.
 */
export function openingPglite(opening: Promise<EmbeddedDatabase>): DatabaseHandle & { opened: Promise<void> } {
  const client = async () => (await opening).client;
  const waiting: Pick<PgliteProxy, 'query' | 'exec' | 'transaction' | 'listen'> = {
    query: async (sql, params, options) => (await client()).query(sql, params, options),
    exec: async (sql) => (await client()).exec(sql),
    transaction: async (callback) => (await client()).transaction(callback),
    listen: async (channel, callback) => (await client()).listen(channel, callback),
  };
  const db = retryTransactions(drizzlePglite({ client: waiting as never, schema }));
  let proxy: PgliteProxy | undefined;
  const open = opening.then((database) => {
    proxy = database.client;
    return proxy;
  });
  setInstruments(
    db,
    proxyInstruments(() => proxy, open),
  );
  const opened = opening.then(() => undefined);
  opened.catch(() => {});
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    opened,
    close: once(async () => {
      const database = await opening.catch(() => undefined);
      await database?.close();
    }),
  };
}

async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end().catch(() => {});
  }
}

/** Connections each server process may hold on PostgreSQL. */
const POOL_MAX = 10;

async function openPostgres(url: string, options: OpenOptions): Promise<DatabaseHandle> {
  try {
    await migratePostgres(url);
  } catch (error) {
    throw new DatabaseOpenError(`Cannot open the PostgreSQL database ${redactUrl(url)}: ${reason(error)}`);
  }
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX });
  pool.on('error', (error) => options.onPoolError?.(error));
  const instruments = poolInstruments(pool, POOL_MAX);
  // A deadlock or serialisation failure runs the transaction again (retry.ts), a bounded number of times.
  const db = retryTransactions(drizzlePg({ client: pool, schema }));
  setInstruments(db, instruments);
  return { db: db as unknown as Database, kind: 'pg', close: once(() => pool.end()) };
}

/**
 * Opens the database and applies the migrations: PostgreSQL when DATABASE_URL is set,
 * otherwise the embedded PGlite under DATA_DIR/db (on a first start, from `pgliteTemplate` when that
 * matches). Same schema, same migrations.
 */
export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'pgliteTemplate'>>,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (options.memory) return openPglite(openEmbedded(undefined, { template: options.template }));
  if (config.databaseUrl) return openPostgres(config.databaseUrl, options);
  return openPglite(options.embedded ?? openEmbedded(embeddedDataDir(config), { templateDir: config.pgliteTemplate }));
}
