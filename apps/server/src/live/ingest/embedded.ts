import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { dropPublisher } from './control';
import { DiskHlsSource } from './hls';
import { type IngestPaths, ingestPaths, RTMP_APPLICATION, renderEmbeddedNginxConfig } from './nginxConfig';
import { redactNginxLine, stopStaleNginx, waitForExit } from './process';
import type { IngestDownHandler, IngestState, LiveIngest } from './types';

export type EmbeddedIngestOptions = {
  dataDir: string;
  /** The server's HOST: encoders reach the ingest on the same interfaces as the console. */
  listenHost: string;
  rtmpPort: number;
  nginxPath: string;
  modulePath: string;
};

const READY_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5000;
const MAX_BACKOFF_MS = 30_000;
/** A run this long counts as healthy: the next failure restarts after the shortest wait again. */
const HEALTHY_RUN_MS = 60_000;

export function sameSecret(a: string, b: string): boolean {
  // Digests have one length whatever was sent, so the comparison takes the same time for every guess.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * nginx with the RTMP module as a supervised child of this server (`npm start` with no live platform
 * configured): started after the server listens, with a configuration written under DATA_DIR/live and a
 * new hook secret each time; restarted with backoff when it dies; stopped with the server. A stale nginx
 * of a crashed earlier run is stopped first. Whenever it starts or stops, every broadcast ends (onDown).
 */
export class EmbeddedIngest implements LiveIngest {
  readonly kind = 'embedded' as const;
  readonly hls: DiskHlsSource;
  readonly paths: IngestPaths;
  private current: IngestState = 'stopped';
  private secret = '';
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private readonly downHandlers: IngestDownHandler[] = [];
  private stopping = false;
  private retry: NodeJS.Timeout | undefined;
  private failures = 0;
  private log: FastifyBaseLogger | undefined;
  private hookBaseUrl = '';

  constructor(private readonly options: EmbeddedIngestOptions) {
    this.paths = ingestPaths(options.dataDir);
    this.hls = new DiskHlsSource(this.paths.hls);
  }

  state(): IngestState {
    return this.current;
  }

  acceptsHookSecret(secret: string): boolean {
    return this.secret !== '' && sameSecret(secret, this.secret);
  }

  rtmpUrl(host: string): string {
    return `rtmp://${host}:${this.options.rtmpPort}/${RTMP_APPLICATION}`;
  }

  onDown(handler: IngestDownHandler): void {
    this.downHandlers.push(handler);
  }

  async cut(streamKey: string, log: FastifyBaseLogger): Promise<boolean> {
    if (this.current !== 'running') return false;
    try {
      await dropPublisher({ socketPath: this.paths.control }, streamKey);
      return true;
    } catch (error) {
      log.warn({ reason: (error as Error).message }, 'live ingest: could not cut a broadcast');
      return false;
    }
  }

  async start(hookBaseUrl: string, log: FastifyBaseLogger): Promise<void> {
    this.stopping = false;
    this.log = log;
    this.hookBaseUrl = hookBaseUrl;
    const missing = await this.missingParts();
    if (missing) {
      this.current = 'unavailable';
      log.error(
        `Live ingest unavailable: ${missing}. Live streams cannot be received; everything else works. ` +
          'Install it with `apt-get install nginx libnginx-mod-rtmp` (or set LIVE_NGINX / LIVE_NGINX_MODULE), ' +
          'or set LIVE_INGEST=off.',
      );
      return;
    }
    fs.mkdirSync(this.paths.root, { recursive: true, mode: 0o700 });
    if (await stopStaleNginx(this.paths.pid, this.paths.config)) {
      log.warn('live ingest: stopped the nginx a previous run of the server left behind');
    }
    await this.launch();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.retry);
    this.retry = undefined;
    const child = this.child;
    if (child?.pid !== undefined) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child.pid, STOP_TIMEOUT_MS))) child.kill('SIGKILL');
      await this.exited;
      killGroup(child.pid);
    }
    if (this.current !== 'unavailable') this.current = 'stopped';
    if (child) await this.tellDown('the server stopped');
  }

  private async missingParts(): Promise<string | null> {
    try {
      await fs.promises.access(this.options.nginxPath, fs.constants.X_OK);
    } catch {
      return `nginx was not found at ${this.options.nginxPath}`;
    }
    try {
      await fs.promises.access(this.options.modulePath, fs.constants.R_OK);
    } catch {
      return `nginx's RTMP module was not found at ${this.options.modulePath}`;
    }
    return null;
  }

  private async tellDown(reason: string): Promise<void> {
    for (const handler of this.downHandlers) {
      await handler(reason).catch((error: unknown) =>
        this.log?.error({ err: error }, 'live ingest: could not mark the broadcasts off air'),
      );
    }
  }

  /** Clean folders, a new secret and configuration, then nginx; resolves once it answers or has failed. */
  private async launch(): Promise<void> {
    const log = this.log as FastifyBaseLogger;
    this.current = 'starting';
    // No publisher survives a start: whatever was on air is not any more, and old fragments are stale.
    await this.tellDown('the live ingest is starting');
    const { paths } = this;
    fs.rmSync(paths.hls, { recursive: true, force: true });
    fs.rmSync(paths.control, { force: true });
    fs.mkdirSync(paths.hls, { recursive: true, mode: 0o700 });
    fs.mkdirSync(paths.temp, { recursive: true, mode: 0o700 });
    this.secret = randomBytes(32).toString('base64url');
    const config = renderEmbeddedNginxConfig({
      paths,
      modulePath: this.options.modulePath,
      listenHost: this.options.listenHost,
      rtmpPort: this.options.rtmpPort,
      hookBaseUrl: this.hookBaseUrl,
      hookSecret: this.secret,
      user: process.getuid?.() === 0 ? os.userInfo().username : undefined,
    });
    fs.writeFileSync(paths.config, config, { mode: 0o600 });
    const startedAt = Date.now();
    // Its own process group: should the master die, its workers (which hold the ports) go with the group.
    const child = spawn(this.options.nginxPath, ['-p', `${paths.root}/`, '-c', paths.config, '-e', 'stderr'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    let gone = false;
    this.exited = new Promise((resolve) => {
      const finish = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
        if (gone) return;
        gone = true;
        resolve();
        this.onExit(child, code, signal, Date.now() - startedAt, error);
      };
      child.once('exit', (code, signal) => finish(code, signal));
      child.once('error', (error) => finish(null, null, error));
    });
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        if (line.trim()) log.error({ nginx: redactNginxLine(line) }, 'live ingest (nginx)');
      });
    }
    if (await this.waitUntilReady(() => gone)) {
      this.current = 'running';
      log.info({ rtmpPort: this.options.rtmpPort }, 'live ingest: nginx-rtmp is receiving RTMP');
    } else if (!gone) {
      log.error(`live ingest: nginx did not answer within ${READY_TIMEOUT_MS / 1000} s; restarting it`);
      child.kill('SIGKILL');
    }
  }

  private async waitUntilReady(gone: () => boolean): Promise<boolean> {
    const until = Date.now() + READY_TIMEOUT_MS;
    while (!gone() && !this.stopping && Date.now() < until) {
      if (await readyCheck(this.paths.control)) return !gone();
      await delay(100);
    }
    return false;
  }

  private onExit(
    child: ChildProcess,
    code: number | null,
    signal: NodeJS.Signals | null,
    ranMs: number,
    error?: Error,
  ): void {
    if (this.child === child) this.child = undefined;
    if (this.stopping) return;
    if (child.pid !== undefined) killGroup(child.pid);
    const log = this.log as FastifyBaseLogger;
    this.failures = ranMs >= HEALTHY_RUN_MS ? 0 : this.failures + 1;
    const wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, this.failures - 1));
    const how = error ? `could not be started (${error.message})` : `stopped (${signal ?? `exit code ${code}`})`;
    log.error(`live ingest: nginx ${how}; restarting in ${wait / 1000} s`);
    this.current = 'starting';
    void this.tellDown('the live ingest stopped');
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.stopping) void this.launch().catch((failure: unknown) => log.error({ err: failure }, 'live ingest'));
    }, wait);
    this.retry.unref();
  }
}

/** Ends whatever is left of an nginx's process group (workers orphaned by a master that died). */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Nothing left.
  }
}

/** GET /ready on the control socket: 204 once nginx has read its configuration and bound every port. */
function readyCheck(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.request({ socketPath, path: '/ready', method: 'GET', timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 204);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
    request.end();
  });
}
