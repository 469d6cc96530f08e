import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { SERVER_ROOT } from '../paths';
import { acquireLock, LockHeldError } from './lock';
import { PgliteProxy } from './pgliteProxy';
import { seedFromTemplate } from './pgliteTemplate';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'pg';
export type DatabaseHandle = { db: Database; kind: DatabaseKind; close: () => Promise<void> };

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');
/** Arbitrary constant: serialises migrations when several servers start at once on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_302_114_551;

export class DatabaseOpenError extends Error {}

/** Closing twice (a second signal, a test teardown after an explicit close) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

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

function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reason(error.errors[0]);
  return error instanceof Error ? error.message : String(error);
}

export type OpenOptions = {
  /** In-memory PGlite (tests). Ignores DATABASE_URL and DATA_DIR. */
  memory?: boolean;
  /** With `memory`: start from this PGlite data dump (a migrated template) instead of an empty cluster. */
  template?: Blob;
  /** Called when an idle PostgreSQL connection fails; without a listener such errors end the process. */
  onPoolError?: (error: Error) => void;
};

/**
 * PGlite's default shared_buffers of 128 MB is resident from the start (the wasm memory is touched at
 * startup and never shrinks), which made most of the server's memory. The files are cached by the
 * operating system anyway, and a store office's data fits in a few MB of buffers (bench/memory.ts).
 */
export const PGLITE_SETTINGS = ['shared_buffers = 32MB'];

async function openPglite(
  dataDir: string | undefined,
  template: { blob?: Blob; dir?: string } = {},
): Promise<DatabaseHandle> {
  let release = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      release = acquireLock(`${dataDir}.lock`);
    } catch (error) {
      if (error instanceof LockHeldError) {
        throw new DatabaseOpenError(
          `The embedded database at ${dataDir} is ${error.message}. Stop that process first` +
            ' (if none is running, delete the lock file).',
        );
      }
      throw error;
    }
  }
  try {
    // In its own thread (pgliteWorker.mjs): PostgreSQL in WebAssembly runs synchronously, and on the
    // server's thread every query stopped every request while it ran. Migrations run there too.
    const options = {
      dataDir,
      template: template.blob,
      settings: PGLITE_SETTINGS,
      migrationsFolder: MIGRATIONS_FOLDER,
    };
    // A first start copies the migrated empty database the build made (pgliteTemplate.ts) and then opens
    // it as a restart does; without a matching one it runs initdb.
    const fresh =
      dataDir !== undefined &&
      !fs.existsSync(path.join(dataDir, 'PG_VERSION')) &&
      !(template.dir !== undefined && seedFromTemplate(template.dir, dataDir, MIGRATIONS_FOLDER));
    let client = await PgliteProxy.open(options);
    if (fresh) {
      // initdb's WebAssembly instance stayed in the thread's memory beside the database's (a server fresh
      // from its first start held about 800 MB, a restarted one 300 MB). Reopening the new database in a
      // new thread returns that memory at once; it costs the first start one more open.
      await client.close();
      client = await PgliteProxy.open(options);
    }
    const db = drizzlePglite({ client: client as never, schema });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      close: once(async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      }),
    };
  } catch (error) {
    release();
    const where = dataDir ? `the embedded database at ${dataDir}` : 'the in-memory database';
    throw new DatabaseOpenError(`Cannot open ${where}: ${reason(error)}`);
  }
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

async function openPostgres(url: string, options: OpenOptions): Promise<DatabaseHandle> {
  try {
    await migratePostgres(url);
  } catch (error) {
    throw new DatabaseOpenError(`Cannot open the PostgreSQL database ${redactUrl(url)}: ${reason(error)}`);
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = drizzlePg({ client: pool, schema });
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
  if (options.memory) return openPglite(undefined, { blob: options.template });
  if (config.databaseUrl) return openPostgres(config.databaseUrl, options);
  return openPglite(path.join(config.dataDir, 'db'), { dir: config.pgliteTemplate });
}
