import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const BASE_POLICY = {
  'default-src': "'self'",
  'img-src': "'self' data: blob:",
  // Live streams play through hls.js: Media Source Extensions give the video a blob: address, and hls.js
  // runs its transmuxer in a Worker it creates from a blob: URL.
  'media-src': "'self' blob:",
  'worker-src': "'self' blob:",
  // Ant Design injects its styles at run time.
  'style-src': "'self' 'unsafe-inline'",
  'script-src': "'self'",
  'connect-src': "'self'",
  'font-src': "'self' data:",
  'frame-ancestors': "'none'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
};

function serialise(policy: Record<string, string>): string {
  return Object.entries(policy)
    .map(([directive, value]) => `${directive} ${value}`)
    .join('; ');
}

/**
 * One policy for everything, /api/docs included: Swagger UI loads its scripts from /api/docs/static,
 * styles inline and icons as data: SVG, which this policy already allows (checked in Chromium).
 */
export const CONTENT_SECURITY_POLICY = serialise(BASE_POLICY);

/**
 * The policy when media come from object storage: the web player's media request is redirected to the storage
 * (agent/media.ts), and a redirect's target must pass connect-src too, so the storage's origin joins 'self'
 * there (only there: the player keeps what it fetched and shows it through blob: addresses).
 */
export function contentSecurityPolicy(mediaOrigin: string | null): string {
  if (!mediaOrigin) return CONTENT_SECURITY_POLICY;
  return serialise({ ...BASE_POLICY, 'connect-src': `'self' ${mediaOrigin}` });
}

/** Sets the security headers of every answer; `no-store` on API answers, which carry personal data. */
export function applySecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  policy: string = CONTENT_SECURITY_POLICY,
): void {
  reply.header('content-security-policy', policy);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('cross-origin-opener-policy', 'same-origin');
  if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000');
  const isApi = request.url.startsWith('/api/') || request.url.startsWith('/agent/');
  if (isApi && !request.url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) {
    reply.header('cache-control', 'no-store');
  }
}

/**
 * Security headers on every answer: API, console, static files, errors and 404s alike. `policy` is read per
 * answer: the app settles it once its blob store is made (contentSecurityPolicy).
 */
export function registerSecurityHeaders(app: FastifyInstance, policy: { csp: string }): void {
  // A callback hook, not an async one: it runs on every answer and never waits for anything.
  app.addHook('onSend', (request, reply, payload, done) => {
    applySecurityHeaders(request, reply, policy.csp);
    done(null, payload);
  });
}
