import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LiveProvidersConfig } from './live/providers';

/** Where this package lives; defaults that point into the repository are resolved from here. */
const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type Config = {
  port: number;
  host: string;
  /** Absolute directory for the embedded database, media and the admin socket. */
  dataDir: string;
  /** PostgreSQL connection string; undefined means embedded PGlite under `dataDir/db`. */
  databaseUrl: string | undefined;
  /** Blob store location (disk path or S3 URL); undefined means `dataDir/media`. */
  storageUrl: string | undefined;
  /** The address people use to reach the console, when it differs from http://localhost:PORT. */
  publicUrl: string | undefined;
  /** Password for the bootstrap `admin` user; a strong one is generated when unset. */
  adminPassword: string | undefined;
  /** The built console (Vite output) served with SPA fallback. */
  consoleDist: string;
  logLevel: LogLevel;
  /**
   * Which proxies may set X-Forwarded-* (Fastify `trustProxy`). By default only loopback (a proxy on
   * the same machine): trusting private ranges let any client on a store or office LAN rotate
   * X-Forwarded-For past the per-address throttles. Name the real load balancer's address instead.
   */
  trustProxy: boolean | string;
  /** Live platforms: BAMBUSER_API_KEY, BAMBUSER_BASE_URL, LIVE_RTMP_URL, LIVE_HLS_URL (see live/providers.ts). */
  live: LiveProvidersConfig;
};

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`PORT must be a whole number between 0 and 65535, got '${value}'`);
  }
  return port;
}

function parseLogLevel(value: string | undefined): LogLevel {
  if (value === undefined) return 'info';
  const level = value.toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${value}'`);
  }
  return level as LogLevel;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined) return 'loopback';
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/**
 * Reads the configuration from environment variables, with the defaults of ARCHITECTURE.md section 3.
 * Relative paths are taken from where the command was typed: npm runs workspace scripts inside
 * apps/server but passes the caller's directory as INIT_CWD, so `npm start` at the root keeps ./data there.
 */
export function loadConfig(env: Env = process.env): Config {
  const base = read(env, 'INIT_CWD') ?? process.cwd();
  return {
    port: parsePort(read(env, 'PORT')),
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(base, read(env, 'DATA_DIR') ?? './data'),
    databaseUrl: read(env, 'DATABASE_URL'),
    storageUrl: read(env, 'STORAGE_URL'),
    publicUrl: read(env, 'PUBLIC_URL')?.replace(/\/+$/, ''),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    consoleDist: path.resolve(base, read(env, 'CONSOLE_DIST') ?? path.join(REPO_ROOT, 'apps/console/dist')),
    logLevel: parseLogLevel(read(env, 'LOG_LEVEL')),
    trustProxy: parseTrustProxy(read(env, 'TRUST_PROXY')),
    live: {
      bambuserApiKey: read(env, 'BAMBUSER_API_KEY'),
      bambuserBaseUrl: read(env, 'BAMBUSER_BASE_URL'),
      liveRtmpUrl: read(env, 'LIVE_RTMP_URL'),
      liveHlsUrl: read(env, 'LIVE_HLS_URL'),
    },
  };
}

/** The address printed for people: PUBLIC_URL, or localhost on the listening port. */
export function displayUrl(config: Config, port: number = config.port): string {
  return config.publicUrl ?? `http://localhost:${port}`;
}
