/**
 * The embedded database's own thread. PGlite runs PostgreSQL compiled to WebAssembly synchronously: on the
 * server's main thread every query stopped every request while it ran. Here it runs in a worker_thread and
 * answers the messages of pgliteProxy.ts (the client the server's drizzle talks to).
 *
 * Plain JavaScript on purpose: a worker is loaded by Node itself, not through tsx or vitest, so it must
 * not need a TypeScript loader.
 *
 * Started with `awaitStart` (a first start copying the build's template), it loads PGlite at once and opens
 * the database on the server's first message, { start: true }, sent once the copy is in place.
 *
 * Then messages from the server, each with an `id` answered by { id, result } or { id, error }:
 * - query { sql, params, rowMode, textTypes, tx? }: one statement; `textTypes` are the type oids whose
 *   values come back as PostgreSQL's text (drizzle parses those itself);
 * - exec { sql, tx? }: a script of statements, no parameters;
 * - begin {}: opens a transaction and answers its `tx` number; until `end` the transaction holds the
 *   database (PGlite's own transaction lock): queries without that `tx` wait;
 * - end { tx, commit }: commits (answering the commit's error, if any) or rolls back;
 * - listen / unlisten { channel }: notifications then arrive as { notify: channel, payload };
 * - close {}: closes the database (checkpoint) and answers when it is done.
 */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** @param {unknown} error */
function serialise(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  /** @type {Record<string, unknown>} */
  const out = { name: error.name, message: error.message, stack: error.stack };
  // PostgreSQL's fields (code, detail, constraint, table, ...): the server maps codes such as 23505.
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

const identity = (/** @type {string} */ value) => value;

/** @param {number[] | undefined} textTypes */
function parsersFor(textTypes) {
  if (!textTypes?.length) return undefined;
  return Object.fromEntries(textTypes.map((oid) => [oid, identity]));
}

/** PGlite's result as data (rows, fields, command, rowCount, affectedRows), without the `blob` it may hold. */
const plain = (/** @type {Record<string, unknown>} */ result) => {
  const { blob: _, ...data } = result;
  return data;
};

/**
 * PGlite's WebAssembly compiled and its file bundle read, begun as soon as this thread starts: on a first
 * start that happens while the main thread still copies the template (awaitStart), instead of after it.
 * Anything amiss (files moved in another PGlite release) leaves PGlite to load them itself, as before.
 */
async function preload() {
  try {
    const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'));
    const compile = async (/** @type {string} */ name) => WebAssembly.compile(await readFile(new URL(name, dist)));
    const [pgliteWasmModule, initdbWasmModule, bundle] = await Promise.all([
      compile('pglite.wasm'),
      compile('initdb.wasm'),
      readFile(new URL('pglite.data', dist)),
    ]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle]) };
  } catch {
    return {};
  }
}

const preloading = preload();
/** With awaitStart, the database is opened only once the main thread says its files are in place. */
const startSignal = workerData.awaitStart
  ? new Promise((resolve) => parentPort?.once('message', resolve))
  : Promise.resolve();

async function open() {
  const { dataDir, template, settings, migrationsFolder } = workerData;
  const preloaded = await preloading;
  await startSignal;
  const client = await PGlite.create({
    ...preloaded,
    ...(dataDir ? { dataDir } : { loadDataDir: template ? new Blob([template]) : undefined }),
    postgresqlconf: settings,
    // The player list's 'contains' searches use trigram indexes (migration 0009 creates the extension).
    extensions: { pg_trgm },
  });
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return client;
}

/** @typedef {{ query: PGlite['query']; exec: PGlite['exec']; rollback(): Promise<void> }} Tx */

async function serve() {
  const port = parentPort;
  if (!port) throw new Error('pgliteWorker runs as a worker_thread');
  let client;
  try {
    client = await open();
  } catch (error) {
    port.postMessage({ failed: serialise(error) });
    return;
  }
  const db = client;
  /** @type {Map<number, { tx: Tx; finish: (commit: boolean) => void; done: Promise<unknown> }>} */
  const transactions = new Map();
  /** @type {Map<string, () => Promise<void>>} */
  const listening = new Map();
  let nextTx = 1;

  /** @param {number | undefined} id */
  const target = (id) => {
    if (id === undefined) return db;
    const open = transactions.get(id);
    if (!open) throw new Error('The transaction is already closed');
    return open.tx;
  };

  const ROLLBACK = Symbol('rollback');
  /** @returns {Promise<number>} */
  const begin = () =>
    new Promise((resolve, reject) => {
      const id = nextTx++;
      let opened = false;
      const done = db
        .transaction(
          (tx) =>
            new Promise((finished, abort) => {
              opened = true;
              transactions.set(id, {
                tx,
                finish: (commit) => (commit ? finished(undefined) : abort(ROLLBACK)),
                done,
              });
              resolve(id);
            }),
        )
        .catch((error) => {
          if (!opened) reject(error);
          if (error !== ROLLBACK) throw error;
        })
        .finally(() => transactions.delete(id));
      // `done` is awaited by `end`; until then its rejection must not count as unhandled.
      done.catch(() => {});
    });

  /** @param {Record<string, any>} message */
  const handle = async (message) => {
    switch (message.op) {
      case 'query': {
        const options = { rowMode: message.rowMode, parsers: parsersFor(message.textTypes) };
        return plain(await target(message.tx).query(message.sql, message.params, options));
      }
      case 'exec':
        return (await target(message.tx).exec(message.sql)).map(plain);
      case 'begin':
        return begin();
      case 'end': {
        const open = transactions.get(message.tx);
        if (!open) throw new Error('The transaction is already closed');
        open.finish(message.commit);
        await open.done;
        return null;
      }
      case 'listen': {
        if (!listening.has(message.channel)) {
          const unlisten = await db.listen(message.channel, (payload) =>
            port.postMessage({ notify: message.channel, payload }),
          );
          listening.set(message.channel, unlisten);
        }
        return null;
      }
      case 'unlisten': {
        const unlisten = listening.get(message.channel);
        listening.delete(message.channel);
        await unlisten?.();
        return null;
      }
      case 'close':
        for (const open of transactions.values()) open.finish(false);
        await db.close();
        // The server ends this thread once it has the answer.
        return null;
      default:
        throw new Error(`pgliteWorker: unknown operation ${message.op}`);
    }
  };

  port.on('message', (message) => {
    handle(message).then(
      (result) => port.postMessage({ id: message.id, result }),
      (error) => port.postMessage({ id: message.id, error: serialise(error) }),
    );
  });
  port.postMessage({ ready: true });
}

await serve();
