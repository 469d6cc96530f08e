import { MESSAGES } from '@signage/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './envelope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by route() for the one form another site posts by design (RouteExtras.allowCrossSite says why). */
    allowCrossSite?: true;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Fetch metadata values a page of the console itself (or the user typing an address) produces. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

function hostOf(origin: string): { protocol: string; host: string } | undefined {
  try {
    const url = new URL(origin);
    return { protocol: url.protocol, host: url.host };
  } catch {
    return undefined;
  }
}

/**
 * Whether the Origin header names the console. With PUBLIC_URL the whole origin must match. Without it
 * the host and port must equal the Host the request was sent to; the scheme is not compared, because a
 * TLS-terminating proxy that is not trusted hides it, and no other site can share host and port.
 */
export function isConsoleOrigin(origin: string, publicUrl: string | undefined, requestHost: string): boolean {
  const given = hostOf(origin);
  if (!given) return false;
  if (publicUrl) {
    const own = hostOf(publicUrl);
    return own !== undefined && own.protocol === given.protocol && own.host === given.host;
  }
  const own = hostOf(`${given.protocol}//${requestHost}`);
  return own !== undefined && own.host === given.host;
}

function isCrossSite(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return !isConsoleOrigin(origin, publicUrl, request.headers.host ?? '');
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return !OWN_FETCH_SITES.has(String(site));
  // Neither header: not a browser (curl, the CLI, scripts), which carries no ambient cookie of a victim.
  return false;
}

/**
 * Cross-site request forgery guard. SameSite=Lax counts every subdomain and every port of the same
 * site as "same site", so a page there can post forms with the user's session cookie; browsers do
 * send Origin (or Sec-Fetch-Site) with such requests, so state changes under /api/* whose origin is
 * not the console's own are refused, whatever the content type. The SAML identity provider's post to
 * /api/sso/callback is the one exception (see modules/sso/routes.ts). /agent/* uses bearer tokens, which a
 * browser never attaches by itself, and stays open.
 */
export function registerCsrfGuard(app: FastifyInstance, publicUrl: string | undefined): void {
  // A callback hook, not an async one: it runs on every request and never waits for anything.
  app.addHook('onRequest', (request, _reply, done) => {
    // The matched route, not the raw URL: '/%61pi/…' reaches the same handlers as '/api/…'.
    const path = request.routeOptions.url ?? request.url;
    const refused =
      STATE_CHANGING.has(request.method) &&
      path.startsWith('/api/') &&
      !request.routeOptions.config.allowCrossSite &&
      isCrossSite(request, publicUrl);
    done(refused ? forbidden(MESSAGES.crossSiteRequest) : undefined);
  });
}
