import { createHash, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@signage/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseInstruments } from '../db/instruments';
import { failure } from '../http/envelope';
import { RequestHistogram } from './requests';

/**
 * /metrics in the Prometheus text format (docs/metrics.md lists every metric). Off unless METRICS_TOKEN is
 * set: then a scrape must carry `Authorization: Bearer <token>`, compared in constant time.
 *
 * What it costs a request: one onResponse hook that observes the route's pattern, method and status in a
 * histogram (requests.ts: three map lookups from the route's config, no query, no allocation after a series' first). Everything about the fleet is read when
 * Prometheus scrapes, in one statement (the port below), never per request.
 */

export const METRICS_PATH = '/metrics';
/** The answer to a scrape without the right token: it says nothing else. */
export const METRICS_TOKEN_REQUIRED = 'A valid metrics token is required';
/** Label of requests no route matched (unknown URLs, the console's page addresses): never the raw URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** What the fleet looks like, read at scrape time in one statement (modules/fleet). */
export type FleetCounts = {
  playersOnline: number;
  playersOffline: number;
  playersDeliveryPending: number;
  playersWaiting: number;
  playsUnrecorded: number;
  playsWaiting: number;
  contentsProcessing: number;
  contentsFailed: number;
  liveBroadcasts: number;
};

export type MetricsOptions = {
  token: string;
  database: DatabaseInstruments | undefined;
  /** Open push streams on this process. */
  pushConnections: () => number;
  /** Contents this process has queued or is processing now (thumbnails, hashes after an upload's answer). */
  processingQueue: () => number;
  /** One statement over the fleet's tables; called once per scrape (concurrent scrapes share one read). */
  fleet: () => Promise<FleetCounts>;
  /** Whether this process has begun its stop (http/drain.ts): readiness answers 503 meanwhile. */
  draining: () => boolean;
};

const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries exactly the token (hashes compared in constant time). */
export function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = header ? /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  // A missing or malformed header is hashed too, so every refusal takes the same path.
  return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
}

function fleetGauges(registry: Registry) {
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  return {
    players: gauge('signage_players', 'Registered players by state: online (alive within the window) or offline', [
      'state',
    ]),
    deliveryPending: gauge(
      'signage_players_delivery_pending',
      'Players behind on delivery: their plan changed and they have not applied it',
    ),
    waiting: gauge('signage_players_waiting', 'Players that announced themselves and wait to be registered'),
    playsUnrecorded: gauge(
      'signage_plays_unrecorded',
      'Plays players report they could not record since pairing (storage full or unavailable), summed',
    ),
    playsWaiting: gauge(
      'signage_plays_waiting',
      'Plays received above their player acknowledged sequence, waiting for an earlier play to arrive',
    ),
    contents: gauge('signage_contents_processing', 'Contents by processing state (processing or failed)', ['state']),
    live: gauge('signage_live_broadcasts', 'Live broadcasts on air'),
    readOk: gauge('signage_fleet_read_ok', '1 when the fleet gauges were read at this scrape, 0 when it failed'),
  };
}

/**
 * Registers /metrics and the request hook on the whole app (call it on the root instance, before the
 * modules). With the token unset, call nothing: /metrics then answers 404 like any unknown URL.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new RequestHistogram();
  // The request path: labels from the route's own config (its pattern), never the URL; done by callback.
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions;
    requests.observe(
      route.config,
      route.url ?? UNMATCHED_ROUTE,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const database = options.database;
  if (database) {
    const kind = database.stats().kind;
    const queries = new Histogram({
      name: 'signage_db_query_duration_seconds',
      help: 'Database statements from send to answer (the embedded database: including its queue)',
      labelNames: ['database'],
      buckets: DB_BUCKETS,
      registers: [registry],
    });
    const observe = queries.labels({ database: kind });
    database.observeQueries((seconds) => observe.observe(seconds));
    app.addHook('onClose', async () => database.observeQueries(null));
    new Gauge({
      name: 'signage_db_pool_connections',
      help: 'Database connections of this process by state (total, idle) and the pool maximum (max)',
      labelNames: ['database', 'state'],
      registers: [registry],
      collect() {
        const stats = database.stats();
        this.set({ database: stats.kind, state: 'total' }, stats.total);
        this.set({ database: stats.kind, state: 'idle' }, stats.idle);
        this.set({ database: stats.kind, state: 'max' }, stats.max);
      },
    });
    new Gauge({
      name: 'signage_db_pool_waiting',
      help: 'Statements waiting for a database connection (the embedded database: queued behind the one running)',
      labelNames: ['database'],
      registers: [registry],
      collect() {
        const stats = database.stats();
        this.set({ database: stats.kind }, stats.waiting);
      },
    });
  }

  new Gauge({
    name: 'signage_push_connections',
    help: 'Players holding a push connection (server-sent events) to this process',
    registers: [registry],
    collect() {
      this.set(options.pushConnections());
    },
  });
  new Gauge({
    name: 'signage_processing_queue',
    help: 'Contents this process has queued or is processing after their upload (thumbnail, sha256)',
    registers: [registry],
    collect() {
      this.set(options.processingQueue());
    },
  });
  new Gauge({
    name: 'signage_draining',
    help: '1 while this process drains before its stop (readiness answers 503), 0 otherwise',
    registers: [registry],
    collect() {
      this.set(options.draining() ? 1 : 0);
    },
  });
  const scrapes = new Counter({
    name: 'signage_metrics_scrapes_total',
    help: 'Requests for /metrics by outcome (answered, refused)',
    labelNames: ['outcome'],
    registers: [registry],
  });

  const fleet = fleetGauges(registry);
  let reading: Promise<void> | undefined;
  const readFleet = () => {
    reading ??= options
      .fleet()
      .then(
        (counts) => {
          fleet.players.set({ state: 'online' }, counts.playersOnline);
          fleet.players.set({ state: 'offline' }, counts.playersOffline);
          fleet.deliveryPending.set(counts.playersDeliveryPending);
          fleet.waiting.set(counts.playersWaiting);
          fleet.playsUnrecorded.set(counts.playsUnrecorded);
          fleet.playsWaiting.set(counts.playsWaiting);
          fleet.contents.set({ state: 'processing' }, counts.contentsProcessing);
          fleet.contents.set({ state: 'failed' }, counts.contentsFailed);
          fleet.live.set(counts.liveBroadcasts);
          fleet.readOk.set(1);
        },
        (error: unknown) => {
          // The last values stay; the gauge says they are stale, the log says why.
          fleet.readOk.set(0);
          app.log.error({ err: error }, 'metrics: reading the fleet gauges failed');
        },
      )
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  const expected = digest(options.token);
  app.route({
    method: 'GET',
    url: METRICS_PATH,
    // Answered scrapes are routine (logged at debug, http/requestLog.ts); refusals are logged as any other.
    config: { routine: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, expected)) {
        scrapes.inc({ outcome: 'refused' });
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .type('text/plain; charset=utf-8')
          .send(METRICS_TOKEN_REQUIRED);
      }
      scrapes.inc({ outcome: 'answered' });
      await readFleet();
      const text = `${requests.render()}${await registry.metrics()}`;
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
    },
  });
  return registry;
}

/** /metrics while METRICS_TOKEN is unset: the same 404 as an unknown URL (a browser gets no console page). */
export function registerMetricsOff(app: FastifyInstance): void {
  app.route({
    method: 'GET',
    url: METRICS_PATH,
    schema: { hide: true },
    handler: async (_request, reply) => reply.code(404).send(failure(MESSAGES.notFound)),
  });
}
