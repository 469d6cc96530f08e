import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { MESSAGES } from '@signage/domain';
import Fastify, { type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAuth } from './auth/guards';
import { SESSION_COOKIE } from './auth/sessions';
import { directReadOrigin } from './blob';
import type { Config } from './config';
import { registerPlayer } from './console/player';
import { registerConsole } from './console/static';
import type { Database } from './db/client';
import { instrumentsOf } from './db/instruments';
import { registerArrival } from './http/arrival';
import { registerCsrfGuard } from './http/csrf';
import { registerDrain } from './http/drain';
import { failure } from './http/envelope';
import { errorHandler } from './http/errorHandler';
import { createLogDestination, OneLineRequestLog } from './http/requestLog';
import { connectSrcFor, registerSecurityHeaders, type SecurityPolicy, securityHeaders } from './http/security';
import { validatorCompiler } from './http/validation';
import { METRICS_PATH, registerMetrics, registerMetricsOff } from './metrics';
import { startAlerts } from './modules/alerts';
import { createContentProcessing, createMediaDeps } from './modules/contents';
import { playerHealthSql, readFleet } from './modules/fleet';
import { hoursZoneChanged, startHoursExtension } from './modules/hours';
import { endEveryBroadcast } from './modules/live';
import { startOrphanSweeps } from './modules/orphans';
import { changeManifests, heartbeatsSettled } from './modules/players';
import { startPlayPruning } from './modules/plays';
import { contentPlayers, playerSchedules, scheduleContentUsage } from './modules/schedules';
import type { ApiModule, AppDeps, ContentUsageCheck, MediaDeps } from './modules/types';
import { listenForPush, PushHub } from './push';
import { BLOB_OWNERS, MODULES } from './registry';

/** How long a stopping server lets requests in flight finish before it closes every connection. */
export const SHUTDOWN_GRACE_MS = 5000;

export type BuildOptions = {
  config: Config;
  db: Database;
  modules?: readonly ApiModule[];
  /** Blob store and live platforms; made from the config when omitted (tests pass stand-ins). */
  media?: Partial<MediaDeps>;
  /**
   * The content-usage port: checks that keep a content from being deleted (see ContentUsageCheck), besides
   * the schedules module's own, which always runs.
   */
  contentUsage?: readonly ContentUsageCheck[];
  /** Called for every route as it is registered (the access-matrix test checks each has a contract). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the log goes instead of stdout (tests read what the server logs). */
  logStream?: { write(line: string): unknown };
};

async function registerDocs(app: ReturnType<typeof createInstance>) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Signage Console API', version: '0.1.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          // The player protocol's 'device' contracts: the token from pairing.
          device: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}

function createInstance(
  config: Config,
  stream: { write(line: string): unknown } | undefined,
  applySecurityHeaders: ReturnType<typeof securityHeaders>,
) {
  return Fastify({
    logger: stream ? { level: config.logLevel, stream } : { level: config.logLevel },
    logController: new OneLineRequestLog(),
    trustProxy: config.trustProxy,
    // IDs in paths may be up to 128 characters (ZUserIdParams); the router's default stops at 100.
    routerOptions: { maxParamLength: 256 },
    // Malformed URLs are bad input too: answered as envelopes, not Fastify's own JSON. These answers
    // skip the hooks, so they get their security headers here.
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(request, reply);
      return errorHandler(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();
}

async function registerModule(app: ReturnType<typeof createInstance>, module: ApiModule, deps: AppDeps) {
  await app.register(
    async (scope) => {
      if (!module.public) {
        // Secure by default: a route needs a session unless its contract says public; roles are per route.
        scope.addHook('onRequest', async (request, reply) => {
          if (!request.routeOptions.config.public) await scope.requireSession(request, reply);
        });
      }
      await scope.register(module.plugin, { deps });
    },
    { prefix: module.prefix },
  );
}

/**
 * The whole HTTP application without listening (tests drive it with app.inject):
 * zod-validated routes of every module, OpenAPI at /api/docs, the console with SPA fallback,
 * envelope answers for every failure and security headers on every answer.
 */
export async function buildApp({
  config,
  db,
  modules = MODULES,
  media,
  contentUsage = [],
  onRoute,
  logStream,
}: BuildOptions) {
  const logDestination = logStream ? undefined : createLogDestination(config);
  // The content security policy; it names the media storage once the blob store is made, below.
  const security: SecurityPolicy = { connectSrc: connectSrcFor(null) };
  const applySecurityHeaders = securityHeaders(security);
  const app = createInstance(config, logStream ?? logDestination, applySecurityHeaders);
  if (logDestination) {
    app.addHook('onClose', async () => {
      try {
        logDestination.flushSync();
      } catch {
        // A write still in flight is finished by pino's exit handler; closing must not fail over a log line.
      }
    });
  }
  // First of all hooks: a request's arrival number is taken before anything awaits.
  registerArrival(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerSecurityHeaders(app, applySecurityHeaders);
  registerCsrfGuard(app, config.publicUrl);
  if (onRoute) app.addHook('onRoute', onRoute);

  await app.register(fastifyCookie);
  const authCache = registerAuth(app, db, config.deviceCacheEntries);
  await registerDocs(app);
  const hub = new PushHub();
  // A stop as the load balancer sees it (http/drain.ts); server.ts begins it on SIGTERM.
  const drain = registerDrain(app, {
    closePush: () => hub.closeAll(),
    closeGraceMs: SHUTDOWN_GRACE_MS,
    servedWhileDraining: [METRICS_PATH],
  });
  // Awaited once the routes are registered: on a start the embedded database may still be opening
  // (db/client.ts, openingPglite), and the LISTEN waits for it while the routes are built.
  const pushListening = listenForPush(db, hub, app.log, authCache);
  pushListening.catch(() => {});
  // Open push streams would hold the server's close open: end them first, then stop listening.
  app.addHook('preClose', async () => {
    hub.closeAll();
    // Requests in flight get a grace period; then keep-alive sockets that Node does not count as idle (seen
    // after streams a client aborted) are closed too, so a stopping server never waits on them for good.
    const force = setTimeout(() => app.server.closeAllConnections(), drain.closeGraceMs);
    force.unref();
    app.server.once('close', () => clearTimeout(force));
  });
  app.addHook('onClose', async () => {
    await pushListening.then(
      (listener) => listener.close(),
      () => {},
    );
  });
  const pruning = startPlayPruning(db, config.playRetentionDays, app.log);
  app.addHook('onClose', async () => pruning.stop());
  const mediaDeps = createMediaDeps(config, media);
  security.connectSrc = connectSrcFor(
    await directReadOrigin(mediaDeps.blobs).catch((error: Error) => {
      // No credentials to sign with (yet): the pages keep 'self', and each media request says why it fails.
      app.log.warn(`media URLs cannot be signed, so web players cannot download from storage: ${error.message}`);
      return null;
    }),
  );
  const contentProcessing = createContentProcessing({
    db,
    media: mediaDeps,
    contentPlayers,
    changeManifests,
    log: app.log,
  });
  // What a stop left unprocessed is taken up again once the app is ready; a stop waits for the running job.
  app.addHook('onReady', async () => {
    await contentProcessing.resume();
  });
  app.addHook('onClose', async () => contentProcessing.stop());
  app.decorate('contentProcessing', contentProcessing);
  // /metrics (METRICS_TOKEN): the request hook goes on the root, so it sees every route registered below.
  if (config.metricsToken) {
    registerMetrics(app, {
      token: config.metricsToken,
      database: instrumentsOf(db),
      pushConnections: () => hub.size,
      processingQueue: () => contentProcessing.size(),
      fleet: () => readFleet(db),
      draining: () => drain.draining,
    });
  } else registerMetricsOff(app);
  // Media a crash left without its row, and upload temp files: swept once ready, then hourly (in the background).
  let orphanSweeps: ReturnType<typeof startOrphanSweeps> | undefined;
  app.addHook('onReady', async () => {
    orphanSweeps = startOrphanSweeps({
      db,
      media: mediaDeps,
      owners: BLOB_OWNERS,
      graceMs: config.orphanGraceMs,
      log: app.log,
    });
  });
  app.addHook('onClose', async () => orphanSweeps?.stop());
  // Fleet alerts: every minute, once ready (modules/alerts); a stop waits for the round in progress.
  let alerts: ReturnType<typeof startAlerts> | undefined;
  app.addHook('onReady', async () => {
    alerts = startAlerts({ db, config: config.alerts, log: app.log });
  });
  app.addHook('onClose', async () => alerts?.stop());
  // Opening hours' windows are written ahead as instants (modules/hours): topped up at start and hourly.
  let hoursExtension: ReturnType<typeof startHoursExtension> | undefined;
  app.addHook('onReady', async () => {
    hoursExtension = startHoursExtension(db, app.log);
  });
  app.addHook('onClose', async () => hoursExtension?.stop());
  // Heartbeats are answered once their write is sent (agent/heartbeat.ts): a stop lets the sent ones finish
  // before the database closes; tests wait for them before they read.
  app.decorate('heartbeatsSettled', () => heartbeatsSettled(db));
  app.addHook('onClose', async () => heartbeatsSettled(db));
  const deps: AppDeps = {
    config,
    db,
    media: mediaDeps,
    contentUsage: [scheduleContentUsage, ...contentUsage],
    // A player's zone change also rewrites its opening windows (modules/hours), in the same transaction.
    playerSchedules: {
      ...playerSchedules,
      zoneChanged: async (tx, deviceCode) => {
        await playerSchedules.zoneChanged(tx, deviceCode);
        await hoursZoneChanged(tx, deviceCode);
      },
    },
    playerHealth: playerHealthSql,
    push: { hub },
    contentPlayers,
    changeManifests,
    contentProcessing,
  };
  // Whenever the embedded ingest stops or starts, no publisher is left: every broadcast ends, players are told.
  deps.media.liveIngest.onDown(async (reason) => {
    const ended = await endEveryBroadcast(deps, 'ingest');
    if (ended.length > 0) app.log.info({ contents: ended.length, reason }, 'live: broadcasts ended');
  });
  app.addHook('onClose', async () => deps.media.liveIngest.stop());
  for (const module of modules) await registerModule(app, module, deps);

  await registerPlayer(app, config.playerDist);
  const spa = await registerConsole(app, config.consoleDist);
  app.setNotFoundHandler(async (request, reply) =>
    spa.wantsSpa(request) ? spa.sendIndex(reply) : reply.status(404).send(failure(MESSAGES.notFound)),
  );
  try {
    await pushListening;
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
