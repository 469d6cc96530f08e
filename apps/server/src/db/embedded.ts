import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { MIGRATIONS_FOLDER } from '../paths';
import { acquireLock, LockHeldError } from './lock';
import { PgliteProxy } from './pgliteProxy';
import { seedFromTemplate } from './pgliteTemplate';

/**
 * Opening the embedded database (PGlite in its own thread), apart from client.ts so that main.ts can begin
 * it before the server's modules load: only light modules here (no drizzle, pg or schema). A start spends
 * about 2 s loading modules and another 2 opening PGlite; the two now overlap.
 */

export class DatabaseOpenError extends Error {}

/**
 * PGlite's default shared_buffers of 128 MB is resident from the start (the wasm memory is touched at
 * startup and never shrinks), which made most of the server's memory. The files are cached by the
 * operating system anyway, and a store office's data fits in a few MB of buffers (bench/memory.ts).
 */
export const PGLITE_SETTINGS = ['shared_buffers = 32MB'];

export type EmbeddedDatabase = {
  client: PgliteProxy;
  /** Closes the database and gives its data directory's lock back; a second call is harmless. */
  close: () => Promise<void>;
};

/** Where the embedded database lives. */
export function embeddedDataDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'db');
}

/** Whether a start on `config` creates the embedded database (none in DATA_DIR yet). */
export function isFirstEmbeddedStart(config: Pick<Config, 'dataDir' | 'databaseUrl'>): boolean {
  return config.databaseUrl === undefined && !fs.existsSync(path.join(embeddedDataDir(config), 'PG_VERSION'));
}

/** Closing twice (a second signal, a test teardown after an explicit close) is harmless. */
export function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

export function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reason(error.errors[0]);
  return error instanceof Error ? error.message : String(error);
}

/**
 * Opens (and migrates) the embedded database: in `dataDir` under its lock, or in memory from `template`
 * (a PGlite data dump) when `dataDir` is undefined. On a first start it copies the migrated empty database
 * the build made (`templateDir`, pgliteTemplate.ts) when that matches, and otherwise runs initdb.
 */
export async function openEmbedded(
  dataDir: string | undefined,
  options: { templateDir?: string; template?: Blob } = {},
): Promise<EmbeddedDatabase> {
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
    const open = {
      dataDir,
      template: options.template,
      settings: PGLITE_SETTINGS,
      migrationsFolder: MIGRATIONS_FOLDER,
    };
    // No database yet: the template is copied while the database's thread loads PGlite, which opens it once
    // the copy is in place (or runs initdb there when no template matches).
    const creating = dataDir !== undefined && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    const seeding =
      creating && options.templateDir
        ? seedFromTemplate(options.templateDir, dataDir, MIGRATIONS_FOLDER)
        : Promise.resolve(false);
    seeding.catch(() => {});
    let client = await PgliteProxy.open({ ...open, after: creating ? seeding : undefined });
    const fresh = creating && !(await seeding);
    if (fresh) {
      // Without a template a first start runs initdb, whose WebAssembly instance stayed in the thread's
      // memory beside the database's (a server fresh from its first start held about 800 MB, a restarted
      // one 300 MB). Reopening the new database in a new thread returns that memory at once; it costs
      // that first start one more open. A first start from the template runs no initdb.
      await client.close();
      client = await PgliteProxy.open(open);
    }
    const opened = client;
    return {
      client: opened,
      close: once(async () => {
        try {
          await opened.close();
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

/**
 * main.ts, before the server's modules load: begins opening the embedded database of `config` (undefined
 * on PostgreSQL), for startServer to take over. The promise is marked handled here: its failure is
 * reported when startServer awaits it.
 */
export function beginEmbeddedOpen(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'pgliteTemplate'>,
): { firstStart: boolean; opening: Promise<EmbeddedDatabase> } | undefined {
  if (config.databaseUrl !== undefined) return undefined;
  const firstStart = isFirstEmbeddedStart(config);
  const opening = openEmbedded(embeddedDataDir(config), { templateDir: config.pgliteTemplate });
  opening.catch(() => {});
  return { firstStart, opening };
}
