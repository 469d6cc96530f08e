import fs from 'node:fs';
import path from 'node:path';
import { DEVICE_CACHE_MAX_ENTRIES } from './auth/cache';
import type { LiveProvidersConfig } from './live/providers';
import { PGLITE_TEMPLATE_DIR, SERVER_ROOT } from './paths';

/** LIVE_INGEST: `embedded` runs nginx-rtmp as a child of the server when no live platform is configured. */
export const LIVE_INGEST_MODES = ['embedded', 'off'] as const;
export type LiveIngestMode = (typeof LIVE_INGEST_MODES)[number];

export type LiveConfig = LiveProvidersConfig & {
  ingest: LiveIngestMode;
  /** LIVE_RTMP_PORT: where the embedded ingest listens for encoders (default 1935). */
  rtmpPort: number;
  /** LIVE_NGINX and LIVE_NGINX_MODULE: Debian's nginx and its RTMP module (libnginx-mod-rtmp). */
  nginxPath: string;
  nginxModule: string;
  /** LIVE_HOOK_SECRET: what an nginx run as its own service sends with its on_publish calls. */
  hookSecret: string | undefined;
  /** LIVE_CONTROL_URL: that nginx's rtmp_control address, to cut a broadcast at once. */
  controlUrl: string | undefined;
};

export const DEFAULT_NGINX = '/usr/sbin/nginx';
export const DEFAULT_NGINX_RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';

/** Defaults that point into the repository are resolved from the server package's folder. */
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
  /**
   * STORAGE_PUBLIC_URL: with S3 storage, the base (scheme, host, port) players reach the bucket's S3 API at when
   * it is not STORAGE_URL's endpoint (a public address of the storage, or a CDN that passes Host and query on to
   * it); media URLs are signed for it. Undefined: signed for STORAGE_URL's endpoint. See docs/media-delivery.md.
   */
  storagePublicUrl: string | undefined;
  /**
   * MEDIA_URL_TTL_SECONDS (default 900): how long the signed URL a player is redirected to for one media file
   * stays valid (S3 storage only; each request for the file signs a new one).
   */
  mediaUrlTtlSeconds: number;
  /** The address people use to reach the console, when it differs from http://localhost:PORT. */
  publicUrl: string | undefined;
  /** Password for the bootstrap `admin` user; a strong one is generated when unset. */
  adminPassword: string | undefined;
  /** The built console (Vite output) served with SPA fallback. */
  consoleDist: string;
  /** The built web player (apps/player), served at /player/. */
  playerDist: string;
  /**
   * The migrated, empty embedded database the build leaves in apps/server/dist: a first start on PGlite
   * copies it when it matches this PGlite and these migrations (db/pgliteTemplate.ts), else runs initdb.
   * Not read from the environment.
   */
  pgliteTemplate: string;
  logLevel: LogLevel;
  /** Days raw plays are kept (PLAY_RETENTION_DAYS, default 400); the daily rollups are kept for good. */
  playRetentionDays: number;
  /**
   * ORPHAN_GRACE_MINUTES (default 60): how old a stored blob no row names, or an upload's temp file, must be
   * before the orphan sweep removes it (modules/orphans). Longer than any upload takes from storing its
   * file to committing its row, on any server process sharing the store.
   */
  orphanGraceMs: number;
  /**
   * Device tokens each process keeps for the heartbeat (DEVICE_CACHE_ENTRIES, default 250,000 at about 250
   * bytes each): at least the fleet's number of players, or beats read their token again (auth/cache.ts).
   */
  deviceCacheEntries: number;
  /**
   * Which proxies may set X-Forwarded-* (Fastify `trustProxy`). By default only loopback (a proxy on
   * the same machine): trusting private ranges let any client on a store or office LAN rotate
   * X-Forwarded-For past the per-address throttles. Name the real load balancer's address instead.
   */
  trustProxy: boolean | string;
  /**
   * METRICS_TOKEN: the bearer token a Prometheus scrape of /metrics must carry (metrics/); undefined: /metrics
   * is off (404). 16-256 visible ASCII characters.
   */
  metricsToken: string | undefined;
  /**
   * DRAIN_TIMEOUT_SECONDS (default 30): on SIGTERM the server drains (readiness 503, push streams told to
   * reconnect elsewhere, requests in flight finish) and exits within this time, cutting what is left.
   */
  drainTimeoutMs: number;
  /** Live platforms and the self-hosted ingest (see live/providers.ts and live/ingest). */
  live: LiveConfig;
  /** SAML single sign-on ('For FR Group'); undefined when SSO_IDP_SSO_URL is not set (the button then says so). */
  sso: SsoConfig | undefined;
};

/** Who may sign in through SSO: anyone the identity provider vouches for (created on first sign-in), or only existing users. */
export const SSO_PROVISIONING = ['create', 'existing'] as const;
export type SsoProvisioning = (typeof SSO_PROVISIONING)[number];

/** Assertion attribute names for the user info fields; userId 'NameID' means the subject's NameID. */
export type SsoAttributes = {
  userId: string;
  username: string;
  authority: string;
  region: string;
  shopNo: string;
  shopName: string;
};

export type SsoConfig = {
  /** The identity provider's single sign-on address (HTTP-Redirect binding). */
  idpSsoUrl: string;
  /** The identity provider's signing certificates (PEM); more than one while a certificate is rotated. */
  idpCerts: string[];
  /** When set, the assertion's Issuer must be this entity ID. */
  idpEntityId: string | undefined;
  /** This server's entity ID (the audience assertions must name). */
  spEntityId: string;
  /** The assertion consumer service: where the provider posts (Destination and Recipient must equal it). */
  callbackUrl: string;
  /** Whether the Response element must be signed as well as the assertion (always required). */
  wantResponseSigned: boolean;
  /** Allowed clock difference with the identity provider for NotBefore / NotOnOrAfter. */
  clockSkewMs: number;
  /**
   * SSO_ALLOW_SHA1: whether SHA-1 signatures and digests are accepted (off by default; SHA-1 is refused).
   * Only for a named legacy provider: it needs SSO_IDP_ENTITY_ID, so only that issuer's answers pass.
   */
  allowSha1: boolean;
  provisioning: SsoProvisioning;
  attributes: SsoAttributes;
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

function parseLive(env: Env, base: string): LiveConfig {
  const mode = (read(env, 'LIVE_INGEST') ?? 'embedded').toLowerCase();
  if (!(LIVE_INGEST_MODES as readonly string[]).includes(mode)) {
    throw new ConfigError(`LIVE_INGEST must be one of ${LIVE_INGEST_MODES.join(', ')}, got '${mode}'`);
  }
  const portText = read(env, 'LIVE_RTMP_PORT') ?? '1935';
  const rtmpPort = Number(portText);
  if (!Number.isInteger(rtmpPort) || rtmpPort < 1 || rtmpPort > 65_535) {
    throw new ConfigError(`LIVE_RTMP_PORT must be a whole number between 1 and 65535, got '${portText}'`);
  }
  const hlsUrl = read(env, 'LIVE_HLS_URL');
  return {
    bambuserApiKey: read(env, 'BAMBUSER_API_KEY'),
    bambuserBaseUrl: read(env, 'BAMBUSER_BASE_URL'),
    liveRtmpUrl: read(env, 'LIVE_RTMP_URL'),
    // A folder (the HLS directory nginx writes) or an http(s) origin the server proxies.
    liveHlsUrl: hlsUrl && !/^https?:\/\//i.test(hlsUrl) ? path.resolve(base, hlsUrl) : hlsUrl,
    ingest: mode as LiveIngestMode,
    rtmpPort,
    nginxPath: path.resolve(base, read(env, 'LIVE_NGINX') ?? DEFAULT_NGINX),
    nginxModule: path.resolve(base, read(env, 'LIVE_NGINX_MODULE') ?? DEFAULT_NGINX_RTMP_MODULE),
    hookSecret: read(env, 'LIVE_HOOK_SECRET'),
    controlUrl: read(env, 'LIVE_CONTROL_URL'),
  };
}

export const DEFAULT_MEDIA_URL_TTL_SECONDS = 900;
/** S3 refuses presigned URLs valid for more than a week. */
export const MAX_MEDIA_URL_TTL_SECONDS = 604_800;

function parseMediaUrlTtl(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MEDIA_URL_TTL_SECONDS;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_MEDIA_URL_TTL_SECONDS) {
    throw new ConfigError(
      `MEDIA_URL_TTL_SECONDS must be a whole number of seconds from 1 to ${MAX_MEDIA_URL_TTL_SECONDS} (a week, S3's limit), got '${value}'`,
    );
  }
  return seconds;
}

/** An http(s) origin with no path, query or credentials: what a signature for the storage can be made for. */
function parseStoragePublicUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(`STORAGE_PUBLIC_URL must be an http(s) URL, got '${value}'`);
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(
      `STORAGE_PUBLIC_URL must be an origin only (scheme, host and port, e.g. https://media.example.com): the signature covers the path, got '${value}'`,
    );
  }
  return url.origin;
}

/** The default keeps a year of raw plays and a month's margin for late batches. */
const DEFAULT_PLAY_RETENTION_DAYS = 400;

function parseRetentionDays(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PLAY_RETENTION_DAYS;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > 36_500) {
    throw new ConfigError(`PLAY_RETENTION_DAYS must be a whole number of days from 1 to 36500, got '${value}'`);
  }
  return days;
}

const DEFAULT_ORPHAN_GRACE_MINUTES = 60;

function parseOrphanGrace(value: string | undefined): number {
  if (value === undefined) return DEFAULT_ORPHAN_GRACE_MINUTES * 60_000;
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 10_080) {
    throw new ConfigError(`ORPHAN_GRACE_MINUTES must be a whole number of minutes from 0 to 10080, got '${value}'`);
  }
  return minutes * 60_000;
}

function parseDeviceCacheEntries(value: string | undefined): number {
  if (value === undefined) return DEVICE_CACHE_MAX_ENTRIES;
  const entries = Number(value);
  if (!Number.isInteger(entries) || entries < 0 || entries > 10_000_000) {
    throw new ConfigError(`DEVICE_CACHE_ENTRIES must be a whole number from 0 to 10000000, got '${value}'`);
  }
  return entries;
}

export const METRICS_TOKEN_LENGTH = { min: 16, max: 256 } as const;

/** A bearer token: 16-256 visible ASCII characters (what an Authorization header carries as it is). */
function parseMetricsToken(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const { min, max } = METRICS_TOKEN_LENGTH;
  if (value.length < min || value.length > max || !/^[\x21-\x7e]+$/.test(value)) {
    throw new ConfigError(
      `METRICS_TOKEN must be ${min}-${max} visible ASCII characters without spaces (e.g. openssl rand -hex 32), got ${value.length} characters`,
    );
  }
  return value;
}

const DEFAULT_DRAIN_TIMEOUT_SECONDS = 30;

function parseDrainTimeout(value: string | undefined): number {
  if (value === undefined) return DEFAULT_DRAIN_TIMEOUT_SECONDS * 1000;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
    throw new ConfigError(`DRAIN_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 3600, got '${value}'`);
  }
  return seconds * 1000;
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

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Certificates from PEM text (any number of blocks) or bare base64 bodies separated by commas. */
export function parseCertificates(text: string): string[] {
  const blocks = text.match(PEM_BLOCK);
  if (blocks) return blocks.map((block) => block.trim());
  return text
    .split(',')
    .map((body) => body.replace(/\s+/g, ''))
    .filter((body) => body !== '')
    .map((body) => `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----`);
}

function parseSso(env: Env, base: string, port: number, publicUrl: string | undefined): SsoConfig | undefined {
  const idpSsoUrl = read(env, 'SSO_IDP_SSO_URL');
  if (idpSsoUrl === undefined) return undefined;
  if (!URL.canParse(idpSsoUrl)) throw new ConfigError(`SSO_IDP_SSO_URL must be a URL, got '${idpSsoUrl}'`);
  const certs = parseCertificates(read(env, 'SSO_IDP_CERT') ?? '');
  for (const file of (read(env, 'SSO_IDP_CERT_FILE') ?? '').split(',').map((f) => f.trim())) {
    if (!file) continue;
    try {
      certs.push(...parseCertificates(fs.readFileSync(path.resolve(base, file), 'utf8')));
    } catch {
      throw new ConfigError(`SSO_IDP_CERT_FILE: cannot read '${file}'`);
    }
  }
  if (certs.length === 0) {
    throw new ConfigError(
      'SSO_IDP_SSO_URL is set but no identity provider certificate (SSO_IDP_CERT or SSO_IDP_CERT_FILE)',
    );
  }
  const site = publicUrl ?? `http://localhost:${port}`;
  const provisioning = (read(env, 'SSO_PROVISIONING') ?? 'create').toLowerCase();
  if (!(SSO_PROVISIONING as readonly string[]).includes(provisioning)) {
    throw new ConfigError(`SSO_PROVISIONING must be one of ${SSO_PROVISIONING.join(', ')}, got '${provisioning}'`);
  }
  const skew = read(env, 'SSO_CLOCK_SKEW_SECONDS') ?? '60';
  const skewSeconds = Number(skew);
  if (!Number.isInteger(skewSeconds) || skewSeconds < 0 || skewSeconds > 300) {
    throw new ConfigError(`SSO_CLOCK_SKEW_SECONDS must be a whole number from 0 to 300, got '${skew}'`);
  }
  const signed = (read(env, 'SSO_WANT_RESPONSE_SIGNED') ?? 'true').toLowerCase();
  if (signed !== 'true' && signed !== 'false') {
    throw new ConfigError(`SSO_WANT_RESPONSE_SIGNED must be true or false, got '${signed}'`);
  }
  const allowSha1 = (read(env, 'SSO_ALLOW_SHA1') ?? 'false').toLowerCase();
  if (allowSha1 !== 'true' && allowSha1 !== 'false') {
    throw new ConfigError(`SSO_ALLOW_SHA1 must be true or false, got '${allowSha1}'`);
  }
  if (allowSha1 === 'true' && read(env, 'SSO_IDP_ENTITY_ID') === undefined) {
    throw new ConfigError(
      'SSO_ALLOW_SHA1=true needs SSO_IDP_ENTITY_ID: SHA-1 is allowed only for a named identity provider',
    );
  }
  return {
    idpSsoUrl,
    idpCerts: certs,
    idpEntityId: read(env, 'SSO_IDP_ENTITY_ID'),
    spEntityId: read(env, 'SSO_SP_ENTITY_ID') ?? `${site}/api/sso/metadata`,
    callbackUrl: read(env, 'SSO_CALLBACK_URL') ?? `${site}/api/sso/callback`,
    wantResponseSigned: signed === 'true',
    clockSkewMs: skewSeconds * 1000,
    allowSha1: allowSha1 === 'true',
    provisioning: provisioning as SsoProvisioning,
    attributes: {
      userId: read(env, 'SSO_ATTR_USER_ID') ?? 'userId',
      username: read(env, 'SSO_ATTR_USERNAME') ?? 'username',
      authority: read(env, 'SSO_ATTR_AUTHORITY') ?? 'authority',
      region: read(env, 'SSO_ATTR_REGION') ?? 'region',
      shopNo: read(env, 'SSO_ATTR_SHOP_NO') ?? 'shop_no',
      shopName: read(env, 'SSO_ATTR_SHOP_NAME') ?? 'shop_name',
    },
  };
}

/**
 * Reads the configuration from environment variables, with the defaults of ARCHITECTURE.md section 3.
 * Relative paths are taken from where the command was typed: npm runs workspace scripts inside
 * apps/server but passes the caller's directory as INIT_CWD, so `npm start` at the root keeps ./data there.
 */
export function loadConfig(env: Env = process.env): Config {
  const base = read(env, 'INIT_CWD') ?? process.cwd();
  const port = parsePort(read(env, 'PORT'));
  const publicUrl = read(env, 'PUBLIC_URL')?.replace(/\/+$/, '');
  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(base, read(env, 'DATA_DIR') ?? './data'),
    databaseUrl: read(env, 'DATABASE_URL'),
    storageUrl: read(env, 'STORAGE_URL'),
    storagePublicUrl: parseStoragePublicUrl(read(env, 'STORAGE_PUBLIC_URL')),
    mediaUrlTtlSeconds: parseMediaUrlTtl(read(env, 'MEDIA_URL_TTL_SECONDS')),
    publicUrl,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    consoleDist: path.resolve(base, read(env, 'CONSOLE_DIST') ?? path.join(REPO_ROOT, 'apps/console/dist')),
    playerDist: path.resolve(base, read(env, 'PLAYER_DIST') ?? path.join(REPO_ROOT, 'apps/player/dist')),
    pgliteTemplate: PGLITE_TEMPLATE_DIR,
    logLevel: parseLogLevel(read(env, 'LOG_LEVEL')),
    playRetentionDays: parseRetentionDays(read(env, 'PLAY_RETENTION_DAYS')),
    orphanGraceMs: parseOrphanGrace(read(env, 'ORPHAN_GRACE_MINUTES')),
    deviceCacheEntries: parseDeviceCacheEntries(read(env, 'DEVICE_CACHE_ENTRIES')),
    trustProxy: parseTrustProxy(read(env, 'TRUST_PROXY')),
    metricsToken: parseMetricsToken(read(env, 'METRICS_TOKEN')),
    drainTimeoutMs: parseDrainTimeout(read(env, 'DRAIN_TIMEOUT_SECONDS')),
    live: parseLive(env, base),
    sso: parseSso(env, base, port, publicUrl),
  };
}

/** The address printed for people: PUBLIC_URL, or localhost on the listening port. */
export function displayUrl(config: Config, port: number = config.port): string {
  return config.publicUrl ?? `http://localhost:${port}`;
}
