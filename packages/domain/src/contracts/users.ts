import { z } from 'zod';
import { ZHealth, ZLiveness, ZText } from '../schemas/common';
import { ZLoginBody, ZUserIdParams, ZUserInfo } from '../schemas/users';
import { defineContract } from './contract';

export const ZSsoStart = z.object({ url: z.string() });
/** The identity provider's post (HTTP-POST binding, a form): the base64 SAML response and the relay state. */
export const ZSsoCallbackBody = z.object({
  SAMLResponse: ZText.min(1).max(1_000_000),
  RelayState: ZText.max(1024).optional(),
});
export const ZSsoTokenParams = z.object({ token: ZText.min(1).max(256) });

/** Sign-in, session and the public endpoints around it (SPEC.md section 4). */
export const USER_CONTRACTS = {
  login: defineContract({
    method: 'POST',
    path: '/api/users/:userId/auth',
    params: ZUserIdParams,
    body: ZLoginBody,
    response: ZUserInfo,
    errors: [400, 401, 429],
    roles: 'public',
    summary: 'Sign in with ID and password; sets the session cookie',
    tags: ['users'],
  }),
  me: defineContract({
    method: 'GET',
    path: '/api/users/me',
    response: ZUserInfo,
    roles: 'session',
    summary: 'The signed-in user (restores a session)',
    tags: ['users'],
  }),
  logout: defineContract({
    method: 'DELETE',
    path: '/api/users/:userId/auth',
    params: ZUserIdParams,
    response: z.null(),
    errors: [403],
    roles: 'session',
    summary: 'Sign out: ends the session and clears the cookie',
    tags: ['users'],
  }),
  ssoStart: defineContract({
    method: 'GET',
    path: '/api/sso',
    response: ZSsoStart,
    errors: [503],
    roles: 'public',
    summary: 'The identity provider login address to redirect to (503 while SSO is not configured)',
    tags: ['sso'],
  }),
  ssoCallback: defineContract({
    method: 'POST',
    path: '/api/sso/callback',
    body: ZSsoCallbackBody,
    consumes: 'application/x-www-form-urlencoded',
    reply: 'raw',
    response: z.null(),
    roles: 'public',
    summary:
      "The identity provider posts the SAML response here (form field SAMLResponse). Answers 303 to the console's /sso/{token} with a one-time token, or to /login?error={message key} when refused",
    tags: ['sso'],
  }),
  ssoToken: defineContract({
    method: 'GET',
    path: '/api/sso/token/:token',
    params: ZSsoTokenParams,
    response: ZUserInfo,
    errors: [400, 503],
    roles: 'public',
    summary:
      'Exchanges the one-time token (once, within a minute, in the browser that started) for the user info and the session cookie',
    tags: ['sso'],
  }),
  ssoMetadata: defineContract({
    method: 'GET',
    path: '/api/sso/metadata',
    reply: 'raw',
    response: z.string(),
    errors: [503],
    roles: 'public',
    summary: 'The service provider metadata (XML) for the identity provider administrator to import',
    tags: ['sso'],
  }),
  health: defineContract({
    method: 'GET',
    path: '/api/health',
    response: ZHealth,
    errors: [503],
    roles: 'public',
    summary: 'Readiness (for load balancers): database reachable, migrations applied, first account created',
    tags: ['health'],
  }),
  liveness: defineContract({
    method: 'GET',
    path: '/api/health/live',
    response: ZLiveness,
    roles: 'public',
    summary: 'Liveness: the process answers HTTP (no database involved)',
    tags: ['health'],
  }),
} as const;
