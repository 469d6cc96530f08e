import fs from 'node:fs';
import path from 'node:path';
import {
  ConfigError,
  type Env,
  type LIVE_INGEST_MODES,
  type LOG_LEVELS,
  readEnv,
  SERVER_ENV,
  SSO_ENV,
  type SSO_PROVISIONING,
} from './configEnv';
import type { LiveProvidersConfig } from './live/providers';
import { PGLITE_TEMPLATE_DIR, SERVER_ROOT } from './paths';

export { ConfigError } from './configEnv';

/** LIVE_INGEST: `embedded` runs nginx-rtmp as a child of the server when no live platform is configured. */
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

export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * SMTP_URL, ALERT_FROM, the alert thresholds in minutes (ALERT_OFFLINE_MINUTES, _BEHIND_, _QUIET_) and how often
 * each server evaluates them (ALERT_CHECK_SECONDS).
 */
export type AlertsConfig = {
  smtpUrl: string | undefined;
  from: string;
  offlineMinutes: number;
  behindMinutes: number;
  quietMinutes: number;
  /** ALERT_CHECK_SECONDS: each server's evaluation and delivery round comes this often (modules/alerts/loop.ts). */
  checkSeconds: number;
  /** ALERT_WEBHOOK_ALLOW_PRIVATE: webhooks may go to private and loopback addresses (modules/alerts/webhookAddress.ts). */
  allowPrivateWebhooks: boolean;
};

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
  /** Fleet alerts (modules/alerts, docs/alerts.md). */
  alerts: AlertsConfig;
  /** SAML single sign-on ('For FR Group'); undefined when SSO_IDP_SSO_URL is not set (the button then says so). */
  sso: SsoConfig | undefined;
};

/** Who may sign in through SSO: anyone the identity provider vouches for (created on first sign-in), or only existing users. */
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

function ssoConfig(env: Env, base: string, site: string): SsoConfig {
  const sso = readEnv(SSO_ENV, env);
  const certs = parseCertificates(sso.SSO_IDP_CERT ?? '');
  for (const file of (sso.SSO_IDP_CERT_FILE ?? '').split(',').map((f) => f.trim())) {
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
  return {
    idpSsoUrl: sso.SSO_IDP_SSO_URL,
    idpCerts: certs,
    idpEntityId: sso.SSO_IDP_ENTITY_ID,
    spEntityId: sso.SSO_SP_ENTITY_ID ?? `${site}/api/sso/metadata`,
    callbackUrl: sso.SSO_CALLBACK_URL ?? `${site}/api/sso/callback`,
    wantResponseSigned: sso.SSO_WANT_RESPONSE_SIGNED,
    clockSkewMs: sso.SSO_CLOCK_SKEW_SECONDS * 1000,
    allowSha1: sso.SSO_ALLOW_SHA1,
    provisioning: sso.SSO_PROVISIONING,
    attributes: {
      userId: sso.SSO_ATTR_USER_ID,
      username: sso.SSO_ATTR_USERNAME,
      authority: sso.SSO_ATTR_AUTHORITY,
      region: sso.SSO_ATTR_REGION,
      shopNo: sso.SSO_ATTR_SHOP_NO,
      shopName: sso.SSO_ATTR_SHOP_NAME,
    },
  };
}

/**
 * Reads the configuration from environment variables (configEnv.ts), with the defaults of ARCHITECTURE.md
 * section 3. Relative paths are taken from where the command was typed: npm runs workspace scripts inside
 * apps/server but passes the caller's directory as INIT_CWD, so `npm start` at the root keeps ./data there.
 */
export function loadConfig(env: Env = process.env): Config {
  const vars = readEnv(SERVER_ENV, env);
  const base = vars.INIT_CWD ?? process.cwd();
  const hlsUrl = vars.LIVE_HLS_URL;
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: path.resolve(base, vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    storageUrl: vars.STORAGE_URL,
    storagePublicUrl: vars.STORAGE_PUBLIC_URL,
    mediaUrlTtlSeconds: vars.MEDIA_URL_TTL_SECONDS,
    publicUrl: vars.PUBLIC_URL,
    adminPassword: vars.ADMIN_PASSWORD,
    consoleDist: path.resolve(base, vars.CONSOLE_DIST ?? path.join(REPO_ROOT, 'apps/console/dist')),
    playerDist: path.resolve(base, vars.PLAYER_DIST ?? path.join(REPO_ROOT, 'apps/player/dist')),
    pgliteTemplate: PGLITE_TEMPLATE_DIR,
    logLevel: vars.LOG_LEVEL,
    playRetentionDays: vars.PLAY_RETENTION_DAYS,
    orphanGraceMs: vars.ORPHAN_GRACE_MINUTES * 60_000,
    deviceCacheEntries: vars.DEVICE_CACHE_ENTRIES,
    trustProxy: vars.TRUST_PROXY,
    metricsToken: vars.METRICS_TOKEN,
    drainTimeoutMs: vars.DRAIN_TIMEOUT_SECONDS * 1000,
    live: {
      bambuserApiKey: vars.BAMBUSER_API_KEY,
      bambuserBaseUrl: vars.BAMBUSER_BASE_URL,
      liveRtmpUrl: vars.LIVE_RTMP_URL,
      // A folder (the HLS directory nginx writes) or an http(s) origin the server proxies.
      liveHlsUrl: hlsUrl && !/^https?:\/\//i.test(hlsUrl) ? path.resolve(base, hlsUrl) : hlsUrl,
      ingest: vars.LIVE_INGEST,
      rtmpPort: vars.LIVE_RTMP_PORT,
      nginxPath: path.resolve(base, vars.LIVE_NGINX ?? DEFAULT_NGINX),
      nginxModule: path.resolve(base, vars.LIVE_NGINX_MODULE ?? DEFAULT_NGINX_RTMP_MODULE),
      hookSecret: vars.LIVE_HOOK_SECRET,
      controlUrl: vars.LIVE_CONTROL_URL,
    },
    alerts: {
      smtpUrl: vars.SMTP_URL,
      from: vars.ALERT_FROM,
      offlineMinutes: vars.ALERT_OFFLINE_MINUTES,
      behindMinutes: vars.ALERT_BEHIND_MINUTES,
      quietMinutes: vars.ALERT_QUIET_MINUTES,
      checkSeconds: vars.ALERT_CHECK_SECONDS,
      allowPrivateWebhooks: vars.ALERT_WEBHOOK_ALLOW_PRIVATE,
    },
    sso:
      vars.SSO_IDP_SSO_URL === undefined
        ? undefined
        : ssoConfig(env, base, vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`),
  };
}

/** The address printed for people: PUBLIC_URL, or localhost on the listening port. */
export function displayUrl(config: Config, port: number = config.port): string {
  return config.publicUrl ?? `http://localhost:${port}`;
}
