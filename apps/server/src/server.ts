import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { adminSocketPath } from './admin/commands';
import { type AdminSocket, startAdminSocket } from './admin/socket';
import { type App, buildApp } from './app';
import { generatePassword, hashPassword } from './auth/passwords';
import { type Config, displayUrl } from './config';
import { type Database, type DatabaseHandle, DatabaseOpenError, openDatabase, openingPglite } from './db/client';
import { type beginEmbeddedOpen, isFirstEmbeddedStart } from './db/embedded';
import { HttpError } from './http/envelope';
import { createMediaDeps } from './modules/contents';
import { LIVE_HOOK_PREFIX } from './modules/live';
import type { MediaDeps } from './modules/types';
import { bootstrapAdmin } from './modules/users';

/** Exit codes of `npm start`: 1 configuration, 2 database, 3 port. */
export const EXIT = { config: 1, database: 2, port: 3 } as const;

export class StartupError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export type Bootstrap = { created: false } | { created: true; password: string; generated: boolean };

export type RunningServer = {
  app: App;
  db: Database;
  url: string;
  port: number;
  bootstrap: Bootstrap;
  adminSocket: AdminSocket | undefined;
  /** Stops accepting, finishes open requests, stops the embedded live ingest, closes the admin socket and the database. */
  close: () => Promise<void>;
  /**
   * SIGTERM's stop behind a load balancer (http/drain.ts): readiness 503 at once, push streams told to reconnect,
   * then, once the balancer sends nothing more, close() with what is in flight given until `timeoutMs` is spent.
   */
  drain: (timeoutMs: number) => Promise<void>;
};

/** Of a drain's time, what is kept for closing the database and the rest after the requests' grace ends. */
const DRAIN_CLOSE_MARGIN_MS = 1000;

/** The first admin's password (ADMIN_PASSWORD or a generated one), and its hash when begun in advance. */
type AdminPassword = { password: string; hash?: Promise<string> };

/**
 * On a first start of the embedded database (no database in DATA_DIR yet) the admin's password is hashed
 * (scrypt: a quarter second on a quiet machine, over a second on the loaded 2-core one) while the database
 * opens and the app is built. Elsewhere (restarts, PostgreSQL) only when an admin is to be created.
 */
function adminPassword(config: Config, firstStart: boolean): AdminPassword {
  const password = config.adminPassword ?? generatePassword();
  if (!firstStart) return { password };
  const hash = hashPassword(password);
  // Awaited only if an admin is created; an unusable password is reported by bootstrapAdmin's check.
  hash.catch(() => {});
  return { password, hash };
}

async function createAdminIfEmpty(handle: DatabaseHandle, config: Config, admin: AdminPassword): Promise<Bootstrap> {
  const { password } = admin;
  try {
    const { created } = await bootstrapAdmin(handle.db, password, admin.hash);
    return created ? { created, password, generated: config.adminPassword === undefined } : { created };
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) {
      throw new StartupError(`ADMIN_PASSWORD is not usable: ${error.message}`, EXIT.config);
    }
    throw error;
  }
}

/**
 * Blob store and live platforms from the config (a bad live setting is a configuration error). What a crash
 * left behind is swept once the app is ready (modules/orphans).
 */
async function prepareMedia(config: Config): Promise<MediaDeps> {
  try {
    return createMediaDeps(config);
  } catch (error) {
    throw new StartupError((error as Error).message, EXIT.config);
  }
}

async function listen(app: App, config: Config): Promise<number> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartupError(`Port ${config.port} is already in use; set PORT to another port`, EXIT.port);
    }
    if (code === 'EACCES') {
      throw new StartupError(
        `Port ${config.port} needs privileges this user lacks; set PORT to another port`,
        EXIT.port,
      );
    }
    if (code === 'EADDRNOTAVAIL') {
      throw new StartupError(`HOST ${config.host} is not an address of this machine; set HOST`, EXIT.port);
    }
    throw error;
  }
  return (app.server.address() as AddressInfo).port;
}

/** How a process on this machine reaches the server: over loopback unless HOST names one interface. */
export function loopbackHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '' || host === 'localhost') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * What `npm start` does: open and migrate the database, create the first admin when there are no
 * users, serve HTTP on HOST:PORT and the admin socket in DATA_DIR, and start the embedded live ingest
 * (nginx-rtmp) when no live platform is configured. Failures become StartupErrors with a message for
 * people and the exit code to use; whatever was opened is closed again.
 */
export async function startServer(
  config: Config,
  options: { embedded?: ReturnType<typeof beginEmbeddedOpen> } = {},
): Promise<RunningServer> {
  const { embedded } = options;
  let media: MediaDeps;
  try {
    fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    media = await prepareMedia(config);
  } catch (error) {
    await embedded?.opening.then(
      (database) => database.close(),
      () => {},
    );
    throw error;
  }
  const admin = adminPassword(config, embedded?.firstStart ?? isFirstEmbeddedStart(config));
  let app: App | undefined;
  let handle: DatabaseHandle;
  // The embedded database main.ts began opening: the app is built while it opens (each takes about half a
  // second of a start on the 2-core machine), and serves only once it has opened.
  let opened: Promise<void> | undefined;
  try {
    if (embedded) {
      const opening = openingPglite(embedded.opening);
      handle = opening;
      opened = opening.opened;
    } else {
      handle = await openDatabase(config, {
        onPoolError: (error) => app?.log.error({ err: error }, 'database pool'),
      });
    }
  } catch (error) {
    if (error instanceof DatabaseOpenError) throw new StartupError(error.message, EXIT.database);
    throw error;
  }
  try {
    const building = buildApp({ config, db: handle.db, media });
    const openError = await opened?.then(
      () => undefined,
      (error: unknown) => error ?? new Error('The embedded database could not open'),
    );
    if (openError !== undefined) {
      // Every call the app made meanwhile fails with the open's error: the build ends, built or failed.
      await building.then(
        (built) => built.close(),
        () => {},
      );
      await handle.close().catch(() => {});
      if (openError instanceof DatabaseOpenError) throw new StartupError(openError.message, EXIT.database);
      throw openError;
    }
    app = await building;
    const port = await listen(app, config);
    // After listen: a generated password is only worth creating when the server can show it and be used.
    const bootstrap = await createAdminIfEmpty(handle, config, admin);
    const adminSocket = await startAdminSocket(adminSocketPath(config), handle.db, app.log);
    // The embedded RTMP ingest calls back into this server, so it starts once the port is known.
    await media.liveIngest.start(`http://${loopbackHost(config.host)}:${port}${LIVE_HOOK_PREFIX}`, app.log);
    const running = app;
    let closing: Promise<void> | undefined;
    const close = async () => {
      await adminSocket?.close();
      await running.close();
      await handle.close();
    };
    const closeOnce = () => {
      closing ??= close();
      return closing;
    };
    const drain = async (timeoutMs: number) => {
      const deadline = performance.now() + Math.max(0, timeoutMs - DRAIN_CLOSE_MARGIN_MS);
      running.drain.begin();
      // Half the time at most waiting for the balancer to move on; what is in flight then has the rest.
      await running.drain.quiet(performance.now() + (deadline - performance.now()) / 2);
      running.drain.closeGraceMs = Math.max(0, deadline - performance.now());
      await closeOnce();
    };
    return {
      app: running,
      db: handle.db,
      url: displayUrl(config, port),
      port,
      bootstrap,
      adminSocket,
      close: closeOnce,
      drain,
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await handle.close().catch(() => {});
    throw error;
  }
}
