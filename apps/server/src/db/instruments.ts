import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/**
 * What /metrics reads of a database handle (metrics/): the connections it holds and how long its statements
 * take. Kept beside the handle rather than in it, so drizzle's object stays as it is; nothing is timed until
 * an observer is set (METRICS_TOKEN unset: no cost at all but one check per statement).
 */
export type PoolStats = {
  /** 'pg': the node-postgres pool; 'pglite': the embedded database's one session in its thread. */
  kind: 'pg' | 'pglite';
  /** Connections the pool may open (10 on PostgreSQL; the embedded database has one session). */
  max: number;
  /** Connections open now (idle or in use). */
  total: number;
  /** Open connections not in use. */
  idle: number;
  /** Statements or checkouts waiting for a connection (PGlite: requests queued behind the one running). */
  waiting: number;
};

/** Called with each statement's time from send to answer, in seconds. */
export type QueryObserver = (seconds: number) => void;

export type DatabaseInstruments = {
  stats(): PoolStats;
  /** Times every statement from now on (null stops it). */
  observeQueries(observer: QueryObserver | null): void;
};

const instruments = new WeakMap<object, DatabaseInstruments>();

export function setInstruments(db: object, value: DatabaseInstruments): void {
  instruments.set(db, value);
}

/** The instruments of a handle made by openDatabase (undefined for a handle made elsewhere). */
export function instrumentsOf(db: object): DatabaseInstruments | undefined {
  return instruments.get(db);
}

type Timing = { observer: QueryObserver | null };
type Callback = (...args: unknown[]) => void;

/**
 * Times one pooled client's statements, whichever form node-postgres is called in: a promise (drizzle),
 * a callback (pool.query), or a submittable (a Query or cursor object, which emits 'end' or 'error').
 */
function timeClient(client: pg.PoolClient, timing: Timing): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const observer = timing.observer;
    if (!observer) return query(...args);
    const start = performance.now();
    const done = () => observer((performance.now() - start) / 1000);
    const last = args.length - 1;
    if (last >= 0 && typeof args[last] === 'function') {
      const callback = args[last] as Callback;
      args[last] = (...results: unknown[]) => {
        done();
        callback(...results);
      };
      return query(...args);
    }
    const first = args[0] as { submit?: unknown; callback?: unknown; once?: (e: string, f: () => void) => void };
    if (first && typeof first.submit === 'function') {
      const result = query(...args);
      first.once?.('end', done);
      first.once?.('error', done);
      return result;
    }
    const result = query(...args) as Promise<unknown> | undefined;
    result?.then(done, done);
    return result;
  };
}

/** The instruments of a node-postgres pool: every client it opens is timed. */
export function poolInstruments(pool: pg.Pool, max: number): DatabaseInstruments {
  const timing: Timing = { observer: null };
  pool.on('connect', (client) => timeClient(client, timing));
  return {
    stats: () => ({
      kind: 'pg',
      max,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    observeQueries: (observer) => {
      timing.observer = observer;
    },
  };
}

/** What the embedded database's thread proxy tells (pgliteProxy.ts). */
export type ProxyGauges = { readonly inFlight: number; observeQueries: QueryObserver | null };

/** The instruments of the embedded database, whose proxy may still be opening (`client` undefined until then). */
export function proxyInstruments(client: () => ProxyGauges | undefined, whenOpen: Promise<ProxyGauges>) {
  let observer: QueryObserver | null = null;
  whenOpen.then(
    (proxy) => {
      proxy.observeQueries = observer;
    },
    () => {},
  );
  return {
    stats: (): PoolStats => {
      const inFlight = client()?.inFlight ?? 0;
      return { kind: 'pglite', max: 1, total: 1, idle: inFlight === 0 ? 1 : 0, waiting: Math.max(inFlight - 1, 0) };
    },
    observeQueries: (next: QueryObserver | null) => {
      observer = next;
      const proxy = client();
      if (proxy) proxy.observeQueries = next;
    },
  } satisfies DatabaseInstruments;
}
