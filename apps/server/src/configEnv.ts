import { z } from 'zod';
import { DEVICE_CACHE_MAX_ENTRIES } from './auth/cache';

/**
 * The environment variables the server reads, as zod schemas (config.ts turns them into its Config). Each
 * variable is trimmed and an empty one is unset; a refused value names the variable and what it must be.
 */

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

const trimmed = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** A variable that may be unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(trimmed, schema.optional());

/** A variable with a default when unset. */
const withDefault = <T extends z.ZodType<unknown, string>>(schema: T, fallback: string) =>
  z.preprocess(trimmed, z.string().default(fallback).pipe(schema));

const text = optional(z.string());

type Range = { min: number; max: number; unit?: string; between?: boolean; note?: string };

/** A whole number in a range, e.g. "a whole number of seconds from 1 to 3600". */
function wholeNumber({ min, max, unit, between, note }: Range, fallback: number) {
  const what =
    `a whole number${unit ? ` of ${unit}` : ''} ` +
    (between ? `between ${min} and ${max}` : `from ${min} to ${max}`) +
    (note ? ` ${note}` : '');
  const number = z
    .string()
    .refine(
      (value) => {
        const n = Number(value);
        return Number.isInteger(n) && n >= min && n <= max;
      },
      { error: (issue) => `must be ${what}, got '${issue.input}'` },
    )
    .transform(Number);
  return withDefault(number, String(fallback));
}

/** A number (fractions allowed) in a range, e.g. "a number of minutes from 0.05 to 1440". */
function decimalNumber({ min, max, unit, note }: Range, fallback: number) {
  const what = `a number${unit ? ` of ${unit}` : ''} from ${min} to ${max}${note ? ` ${note}` : ''}`;
  const number = z
    .string()
    .refine(
      (value) => {
        const n = Number(value);
        return /^\d+(\.\d+)?$/.test(value) && n >= min && n <= max;
      },
      { error: (issue) => `must be ${what}, got '${issue.input}'` },
    )
    .transform(Number);
  return withDefault(number, String(fallback));
}

/** One of a few words, in any case. */
function oneOf<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  const word = z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(values, { error: (issue) => `must be one of ${values.join(', ')}, got '${issue.input}'` }));
  return withDefault(word, fallback);
}

/** true or false, in any case. */
function flag(fallback: boolean) {
  const word = z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(['true', 'false'], { error: (issue) => `must be true or false, got '${issue.input}'` }))
    .transform((value) => value === 'true');
  return withDefault(word, String(fallback));
}

export const LIVE_INGEST_MODES = ['embedded', 'off'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const SSO_PROVISIONING = ['create', 'existing'] as const;
const DEFAULT_MEDIA_URL_TTL_SECONDS = 900;
/** S3 refuses presigned URLs valid for more than a week. */
const MAX_MEDIA_URL_TTL_SECONDS = 604_800;
const METRICS_TOKEN_LENGTH = { min: 16, max: 256 } as const;

/** An http(s) origin with no path, query or credentials: what a signature for the storage can be made for. */
const storageOrigin = z.string().transform((value, ctx) => {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    ctx.addIssue({ code: 'custom', message: `must be an http(s) URL, got '${value}'` });
    return z.NEVER;
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
    ctx.addIssue({
      code: 'custom',
      message: `must be an origin only (scheme, host and port, e.g. https://media.example.com): the signature covers the path, got '${value}'`,
    });
    return z.NEVER;
  }
  return url.origin;
});

/** A bearer token: 16-256 visible ASCII characters (what an Authorization header carries as it is). */
const bearerToken = z
  .string()
  .refine(
    (value) =>
      value.length >= METRICS_TOKEN_LENGTH.min &&
      value.length <= METRICS_TOKEN_LENGTH.max &&
      /^[\x21-\x7e]+$/.test(value),
    {
      error: (issue) =>
        `must be ${METRICS_TOKEN_LENGTH.min}-${METRICS_TOKEN_LENGTH.max} visible ASCII characters without spaces (e.g. openssl rand -hex 32), got ${String(issue.input).length} characters`,
    },
  );

/** SMTP_URL: smtp:// or smtps://, what nodemailer takes (user and password in the URL, options as its query). */
const smtpUrl = z
  .string()
  .refine((value) => URL.canParse(value) && ['smtp:', 'smtps:'].includes(new URL(value).protocol), {
    error: (issue) => `must be an smtp:// or smtps:// URL, got '${String(issue.input).replace(/\/\/[^@/]*@/, '//…@')}'`,
  });

/** TRUST_PROXY: true, false, or what Fastify's `trustProxy` takes (addresses, ranges, a hop count). */
const trustProxy = z
  .string()
  .transform((value): boolean | string => (value === 'true' ? true : value === 'false' ? false : value));

/** Every variable but single sign-on's, in the order they are checked (the first refused one is reported). */
export const SERVER_ENV = z.object({
  INIT_CWD: text,
  PORT: wholeNumber({ min: 0, max: 65_535, between: true }, 8080),
  HOST: withDefault(z.string(), '0.0.0.0'),
  DATA_DIR: withDefault(z.string(), './data'),
  DATABASE_URL: text,
  STORAGE_URL: text,
  STORAGE_PUBLIC_URL: optional(storageOrigin),
  MEDIA_URL_TTL_SECONDS: wholeNumber(
    { min: 1, max: MAX_MEDIA_URL_TTL_SECONDS, unit: 'seconds', note: "(a week, S3's limit)" },
    DEFAULT_MEDIA_URL_TTL_SECONDS,
  ),
  PUBLIC_URL: optional(z.string().transform((value) => value.replace(/\/+$/, ''))),
  // Taken as it is: spaces around a password are part of it.
  ADMIN_PASSWORD: z.preprocess((value) => value || undefined, z.string().optional()),
  CONSOLE_DIST: text,
  PLAYER_DIST: text,
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
  // The default keeps a year of raw plays and a month's margin for late batches.
  PLAY_RETENTION_DAYS: wholeNumber({ min: 1, max: 36_500, unit: 'days' }, 400),
  ORPHAN_GRACE_MINUTES: wholeNumber({ min: 0, max: 10_080, unit: 'minutes' }, 60),
  DEVICE_CACHE_ENTRIES: wholeNumber({ min: 0, max: 10_000_000 }, DEVICE_CACHE_MAX_ENTRIES),
  TRUST_PROXY: withDefault(trustProxy, 'loopback'),
  METRICS_TOKEN: optional(bearerToken),
  DRAIN_TIMEOUT_SECONDS: wholeNumber({ min: 1, max: 3600, unit: 'seconds' }, 30),
  LIVE_INGEST: oneOf(LIVE_INGEST_MODES, 'embedded'),
  LIVE_RTMP_PORT: wholeNumber({ min: 1, max: 65_535, between: true }, 1935),
  BAMBUSER_API_KEY: text,
  BAMBUSER_BASE_URL: text,
  LIVE_RTMP_URL: text,
  LIVE_HLS_URL: text,
  LIVE_NGINX: text,
  LIVE_NGINX_MODULE: text,
  LIVE_HOOK_SECRET: text,
  LIVE_CONTROL_URL: text,
  SMTP_URL: optional(smtpUrl),
  ALERT_FROM: withDefault(z.string(), 'Signage Console <alerts@localhost>'),
  // A fraction is for tests (0.1: 6 s); a live player's heartbeat comes once a minute.
  ALERT_OFFLINE_MINUTES: decimalNumber({ min: 0.05, max: 1440, unit: 'minutes' }, 10),
  ALERT_BEHIND_MINUTES: wholeNumber({ min: 1, max: 1440, unit: 'minutes' }, 30),
  ALERT_QUIET_MINUTES: wholeNumber({ min: 0, max: 1440, unit: 'minutes' }, 60),
  ALERT_CHECK_SECONDS: wholeNumber({ min: 1, max: 3600, unit: 'seconds' }, 60),
  ALERT_WEBHOOK_ALLOW_PRIVATE: flag(false),
  SSO_IDP_SSO_URL: text,
});

/** Single sign-on's variables, read only when SSO_IDP_SSO_URL is set. */
export const SSO_ENV = z
  .object({
    SSO_IDP_SSO_URL: z.preprocess(
      trimmed,
      z.string().refine(URL.canParse, { error: (issue) => `must be a URL, got '${issue.input}'` }),
    ),
    SSO_IDP_CERT: text,
    SSO_IDP_CERT_FILE: text,
    SSO_IDP_ENTITY_ID: text,
    SSO_SP_ENTITY_ID: text,
    SSO_CALLBACK_URL: text,
    SSO_PROVISIONING: oneOf(SSO_PROVISIONING, 'create'),
    SSO_CLOCK_SKEW_SECONDS: wholeNumber({ min: 0, max: 300 }, 60),
    SSO_WANT_RESPONSE_SIGNED: flag(true),
    SSO_ALLOW_SHA1: flag(false),
    SSO_ATTR_USER_ID: withDefault(z.string(), 'userId'),
    SSO_ATTR_USERNAME: withDefault(z.string(), 'username'),
    SSO_ATTR_AUTHORITY: withDefault(z.string(), 'authority'),
    SSO_ATTR_REGION: withDefault(z.string(), 'region'),
    SSO_ATTR_SHOP_NO: withDefault(z.string(), 'shop_no'),
    SSO_ATTR_SHOP_NAME: withDefault(z.string(), 'shop_name'),
  })
  .refine((sso) => !sso.SSO_ALLOW_SHA1 || sso.SSO_IDP_ENTITY_ID !== undefined, {
    error: 'SSO_ALLOW_SHA1=true needs SSO_IDP_ENTITY_ID: SHA-1 is allowed only for a named identity provider',
  });

/**
 * The variables of `env` read by `schema`, or a ConfigError naming the first one refused:
 * "<VARIABLE> must be ..., got '<value>'".
 */
export function readEnv<T extends z.ZodType>(schema: T, env: Env): z.output<T> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  if (!issue) throw new ConfigError('invalid configuration');
  const name = issue.path.join('.');
  throw new ConfigError(name ? `${name} ${issue.message}` : issue.message);
}
