import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** What the content security policy's connect-src allows: 'self', and the media storage once it is known. */
export type SecurityPolicy = { connectSrc: string };

/**
 * One policy for everything, /api/docs included: Swagger UI loads its scripts from /api/docs/static,
 * styles inline and icons as data: SVG, which this policy already allows (checked in Chromium).
 * Exactly these directives (useDefaults off): helmet's defaults would add script-src-attr, upgrade-insecure-requests
 * and others the pages were not checked with.
 */
function directives(policy: SecurityPolicy) {
  return {
    'default-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    // Live streams play through hls.js: Media Source Extensions give the video a blob: address, and hls.js
    // runs its transmuxer in a Worker it creates from a blob: URL.
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    // Ant Design injects its styles at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'script-src': ["'self'"],
    // Read per answer: the app settles it once its blob store is made (connectSrcFor).
    'connect-src': [() => policy.connectSrc],
    'font-src': ["'self'", 'data:'],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/**
 * The policy when media come from object storage: the web player's media request is redirected to the storage
 * (agent/media.ts), and a redirect's target must pass connect-src too, so the storage's origin joins 'self'
 * there (only there: the player keeps what it fetched and shows it through blob: addresses).
 */
export function connectSrcFor(mediaOrigin: string | null): string {
  return mediaOrigin ? `'self' ${mediaOrigin}` : "'self'";
}

/**
 * The headers helmet writes, with what differs from its defaults (docs/configuration.md, "Security headers"):
 * the policy above instead of helmet's; X-Frame-Options DENY (not SAMEORIGIN), as frame-ancestors 'none' says;
 * no Cross-Origin-Resource-Policy, as before helmet (its default is same-origin);
 * Strict-Transport-Security only on an https request, for 180 days without includeSubDomains (helmet sends
 * it on every answer, for a year, subdomains included).
 */
function helmetOptions(policy: SecurityPolicy, https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: directives(policy) },
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: false,
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  };
}

type Middleware = ReturnType<typeof helmet>;
const noNext = () => {};

/**
 * Writes the security headers of answers under `policy`: helmet's middlewares, built once (building one per
 * request, as @fastify/helmet does, costs several times what writing the headers does).
 */
export function securityHeaders(policy: SecurityPolicy) {
  const plain: Middleware = helmet(helmetOptions(policy, false));
  const https: Middleware = helmet(helmetOptions(policy, true));
  /** Sets the security headers of one answer; `no-store` on API answers, which carry personal data. */
  return (request: FastifyRequest, reply: FastifyReply): void => {
    (request.protocol === 'https' ? https : plain)(request.raw, reply.raw, noNext);
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/agent/');
    if (isApi && !request.url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  };
}

/** Security headers on every answer: API, console, static files, errors and 404s alike. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  apply: (request: FastifyRequest, reply: FastifyReply) => void,
): void {
  // A callback hook, not an async one: it runs on every answer and never waits for anything.
  app.addHook('onSend', (request, reply, payload, done) => {
    apply(request, reply);
    done(null, payload);
  });
}
