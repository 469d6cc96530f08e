import { API, ZSsoCallbackBody } from '@signage/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, setSessionCookie } from '../../auth/sessions';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { REQUEST_LIFETIME_MS } from './saml';
import {
  completeSignOn,
  exchangeToken,
  metadataOf,
  recordRefusal,
  requireSso,
  SsoRefusal,
  startSignOn,
} from './service';

const C = API.users;
/** The browser's half of a sign-in in progress; only its hash is in the database. */
const STATE_COOKIE = 'sso_state';
const STATE_PATH = '/api/sso';

function stateCookieOptions(request: FastifyRequest) {
  return { path: STATE_PATH, httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

/** Back to the console's login with the reason (a message key the login page shows in its strip). */
function toLogin(reply: FastifyReply, key: string) {
  return reply.redirect(`/login?error=${encodeURIComponent(key)}`, 303);
}

/**
 * Single sign-on with SAML 2.0 (SPEC.md sections 2, 4 and 7). The console fetches the provider's login
 * address (GET /api/sso) and goes there; the provider posts the answer to /api/sso/callback, which
 * sends the browser on to the console's /sso/{token}; that page exchanges the one-time token
 * (GET /api/sso/token/{token}) for the user info and the session cookie. Without SSO_IDP_SSO_URL
 * every step answers that single sign-on is not configured.
 */
export const ssoRoutes: ModulePlugin = async (app, { deps: { db, config } }) => {
  // The provider's post is a plain HTML form; only this module reads form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  route(app, C.ssoStart, async ({ request, reply }) => {
    const { url, state } = await startSignOn(db, requireSso(config.sso));
    reply.setCookie(STATE_COOKIE, state, { ...stateCookieOptions(request), maxAge: REQUEST_LIFETIME_MS / 1000 });
    return { url };
  });

  route(
    app,
    C.ssoCallback,
    async ({ body, request, reply }) => {
      if (!config.sso) return toLogin(reply, 'ssoNotConfigured');
      const form = ZSsoCallbackBody.safeParse(body);
      if (!form.success) return toLogin(reply, 'ssoFailed');
      try {
        const token = await completeSignOn(db, config.sso, form.data.SAMLResponse);
        return reply.redirect(`/sso/${encodeURIComponent(token)}`, 303);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        request.log.warn({ reason: error.detail }, `single sign-on refused: ${error.key}`);
        await recordRefusal(db, error, request.ip);
        return toLogin(reply, error.key);
      }
    },
    // The identity provider's page posts this form from its own origin, so the cross-site guard would
    // refuse it. It is safe to accept: the route reads no cookie (no session is used or changed here),
    // and what it accepts is only a response signed by the provider answering a request this server
    // sent, used once. The token it hands out works only in the browser holding the state cookie of
    // that request (checked at the same-origin exchange), so a forged post cannot sign a victim in.
    { allowCrossSite: true },
  );

  route(app, C.ssoToken, async ({ params, request, reply }) => {
    requireSso(config.sso);
    const { user, token } = await exchangeToken(db, {
      token: params.token,
      state: request.cookies[STATE_COOKIE],
      previousToken: request.cookies[SESSION_COOKIE],
      address: request.ip,
    });
    reply.clearCookie(STATE_COOKIE, stateCookieOptions(request));
    setSessionCookie(request, reply, token);
    return user;
  });

  route(app, C.ssoMetadata, async ({ reply }) => {
    const xml = await metadataOf(requireSso(config.sso));
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
  });
};
