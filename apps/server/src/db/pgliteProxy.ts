import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { SERVER_ROOT } from '../paths';

/**
 * The embedded PGlite in its own thread (pgliteWorker.mjs), seen from the server as the part of PGlite's
 * client that drizzle-orm/pglite and the push listener use: query (with parameters, array or object
 * rows), exec, transaction, listen. PGlite runs PostgreSQL synchronously; on the server's thread each
 * query stopped every request while it ran (the player list fell to 1/445 of bare Fastify).
 *
 * A transaction holds the database until it commits or rolls back: other queries wait (PGlite's own
 * transaction lock, in the worker). Errors arrive with PostgreSQL's fields (code, constraint, detail...)
 * so the server's mapping of, say, 23505 to a message is unchanged.
 */

type Row = Record<string, unknown> | unknown[];
export type ProxyResults = {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  command?: string;
  rowCount?: number;
  affectedRows?: number;
};
export type QueryOptions = {
  rowMode?: 'array' | 'object';
  /** Only their type oids cross: the values of those types come back as PostgreSQL's text. */
  parsers?: Record<number, unknown>;
};
export type ProxyTransaction = {
  query<T = ProxyResults>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T>;
  exec(sql: string): Promise<ProxyResults[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
};

type SerialisedError = Record<string, unknown> & { name: string; message: string; stack?: string };
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; start: number };
type Reply = { id: number; result?: unknown; error?: SerialisedError };
type Notice = { notify: string; payload: string };
type Start = { ready?: true; failed?: SerialisedError };

/** The worker's error as an Error here, with PostgreSQL's fields (code, detail, constraint...) intact. */
function revive(serialised: SerialisedError): Error {
  const { name, message, stack, ...fields } = serialised;
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  if (stack)
    error.stack = `${stack}\n    at (the embedded database's thread)${new Error().stack?.replace(/^.*\n/, '\n') ?? ''}`;
  return error;
}

export class PgliteProxy {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #openTransactions = 0;
  #stopped: Error | undefined;
  /** Told each statement's time from send to answer, in seconds, while set (/metrics: db/instruments.ts). */
  observeQueries: ((seconds: number) => void) | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: Reply | Notice) => {
      if ('notify' in message) {
        for (const listener of this.#listeners.get(message.notify) ?? []) listener(message.payload);
        return;
      }
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      this.#idle();
      if (pending.start > 0) this.observeQueries?.((performance.now() - pending.start) / 1000);
      if (message.error) pending.reject(revive(message.error));
      else pending.resolve(message.result);
    });
    const stop = (error: Error) => {
      this.#stopped ??= error;
      for (const pending of this.#pending.values()) pending.reject(this.#stopped);
      this.#pending.clear();
      this.#idle();
    };
    worker.on('error', (error) => stop(new Error(`The embedded database stopped: ${error.message}`)));
    worker.on('exit', (code) => stop(new Error(`The embedded database stopped (its thread exited with code ${code})`)));
  }

  /**
   * Starts the thread, opens the database and applies the migrations there. `dataDir` undefined: in memory,
   * from `template` (a PGlite data dump) when given.
   */
  static async open(options: {
    dataDir?: string;
    template?: Blob;
    settings: string[];
    migrationsFolder: string;
    /**
     * The thread starts at once and loads PGlite (its modules, its WebAssembly compiled) but opens `dataDir`
     * only once this settles: a first start's copy of the template. When it rejects, the thread is ended
     * and open rejects with its error.
     */
    after?: Promise<unknown>;
  }): Promise<PgliteProxy> {
    const template = options.template ? await options.template.arrayBuffer() : undefined;
    const worker = new Worker(path.join(SERVER_ROOT, 'src/db/pgliteWorker.mjs'), {
      workerData: {
        dataDir: options.dataDir,
        template,
        settings: options.settings,
        migrationsFolder: options.migrationsFolder,
        awaitStart: options.after !== undefined,
      },
      // Plain JavaScript: it needs none of the server's loaders (tsx) or flags (--input-type would stop it).
      execArgv: [],
      transferList: template ? [template] : [],
    });
    const starting = new Promise<Start>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`its thread exited with code ${code}`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: Start) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        resolve(message);
      });
    });
    if (options.after) {
      // Reported below, once the files are in place, or not at all when they could not be put there.
      starting.catch(() => {});
      try {
        await options.after;
      } catch (error) {
        await worker.terminate();
        throw error;
      }
      worker.postMessage({ start: true });
    }
    const started = await starting;
    if (started.failed) {
      await worker.terminate();
      throw revive(started.failed);
    }
    const proxy = new PgliteProxy(worker);
    proxy.#idle();
    return proxy;
  }

  /** While nothing is asked of the database its thread does not keep the process alive (as PGlite in-process did not). */
  #idle(): void {
    if (this.#pending.size === 0 && this.#openTransactions === 0) this.#worker.unref();
  }

  /** Requests sent to the database's thread and not answered yet (the one running and those queued behind it). */
  get inFlight(): number {
    return this.#pending.size;
  }

  #call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    this.#worker.ref();
    // Statements are timed (query, exec); a transaction's begin and end, listen and close are not.
    const timed = this.observeQueries !== null && (message.op === 'query' || message.op === 'exec');
    const start = timed ? performance.now() : 0;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, start });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #query<T>(tx: number | undefined, sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<T> {
    const textTypes = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.#call<T>({ op: 'query', tx, sql, params, rowMode: options.rowMode, textTypes });
  }

  query<T = ProxyResults>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<ProxyResults[]> {
    return this.#call({ op: 'exec', sql });
  }

  /** Runs `callback` in one transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(callback: (tx: ProxyTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    this.#openTransactions += 1;
    this.#worker.ref();
    let closed = false;
    const end = async (commit: boolean) => {
      if (closed) return;
      closed = true;
      try {
        await this.#call({ op: 'end', tx: id, commit });
      } finally {
        this.#openTransactions -= 1;
        this.#idle();
      }
    };
    const check = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ProxyTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        check();
        return this.#query<R>(id, sql, params, options);
      },
      exec: (sql: string) => {
        check();
        return this.#call({ op: 'exec', tx: id, sql });
      },
      rollback: () => {
        check();
        return end(false);
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await end(false).catch(() => {});
      throw error;
    }
    await end(true);
    return result;
  }

  /** Calls `callback` with each notification's payload on `channel`; the answer stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#call({ op: 'listen', channel });
    }
    listeners.add(callback);
    return async () => {
      const current = this.#listeners.get(channel);
      if (!current?.delete(callback) || current.size > 0) return;
      this.#listeners.delete(channel);
      if (!this.#stopped) await this.#call({ op: 'unlisten', channel });
    };
  }

  /** Closes the database (PGlite checkpoints it) and ends its thread. */
  async close(): Promise<void> {
    try {
      if (!this.#stopped) await this.#call({ op: 'close' });
    } finally {
      this.#stopped ??= new Error('The embedded database is closed');
      await this.#worker.terminate();
    }
  }
}
