import { isRole, pathOf, type TUserInfo, type USER_CONTRACTS } from '@signage/domain';
import { request } from '../../lib/http';

/*
 * The sign-in client: sign-in, session restore and check, sign-out and single sign-on, without the
 * zod contracts. These calls are all the first load of /login makes, and the contracts module with
 * its schema library would more than double what that page downloads. Each endpoint is written
 * here with the method and path of its contract in USER_CONTRACTS, checked by the compiler (a
 * changed path or method in the contracts breaks the build here), and each answer is checked by
 * hand for the fields the console reads, as the contract's response schema would.
 */

type Users = typeof USER_CONTRACTS;
type Endpoint<K extends keyof Users> = Pick<Users[K], 'method' | 'path'>;

export const SIGN_IN_ENDPOINTS = {
  login: { method: 'POST', path: '/api/users/:userId/auth' },
  me: { method: 'GET', path: '/api/users/me' },
  logout: { method: 'DELETE', path: '/api/users/:userId/auth' },
  ssoStart: { method: 'GET', path: '/api/sso' },
  ssoToken: { method: 'GET', path: '/api/sso/token/:token' },
} as const satisfies { [K in 'login' | 'me' | 'logout' | 'ssoStart' | 'ssoToken']: Endpoint<K> };

const USER_FIELDS = ['username', 'userId', 'region', 'shop_no', 'shop_name'] as const;

/** An answer that is not what the contract promises: not an ApiError, so the caller shows its own fallback text, as after a failed parse. */
function malformed(): Error {
  return new Error('the answer does not match the contract of the endpoint');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The user info of an answer (ZUserInfo): its six fields, unknown ones left out. */
export function parseUserInfo(data: unknown): TUserInfo {
  if (!isRecord(data) || !isRole(data.authority)) throw malformed();
  const user = { authority: data.authority } as TUserInfo;
  for (const field of USER_FIELDS) {
    const value = data[field];
    if (typeof value !== 'string') throw malformed();
    user[field] = value;
  }
  return user;
}

function parseSsoStart(data: unknown): { url: string } {
  if (!isRecord(data) || typeof data.url !== 'string') throw malformed();
  return { url: data.url };
}

/** Signs in; no User-Name header, and a 401 is the answer "wrong ID or password". */
export function signIn(userId: string, password: string): Promise<TUserInfo> {
  const { method, path } = SIGN_IN_ENDPOINTS.login;
  return request(method, pathOf({ path }, { userId }), { body: { password }, anonymous: true, parse: parseUserInfo });
}

/**
 * The user behind the session cookie. `anonymous`: a 401 is the answer "no session" (start-up);
 * otherwise a 401 ends the local session through the API client (the session was lost).
 */
export function fetchMe(options: { signal?: AbortSignal; anonymous?: boolean } = {}): Promise<TUserInfo> {
  return request(SIGN_IN_ENDPOINTS.me.method, SIGN_IN_ENDPOINTS.me.path, { ...options, parse: parseUserInfo });
}

/** Signs out: the server ends the session and clears the cookie. */
export function signOut(userId: string): Promise<unknown> {
  const { method, path } = SIGN_IN_ENDPOINTS.logout;
  return request(method, pathOf({ path }, { userId }), { anonymous: true });
}

/** The identity provider's login address (503 while single sign-on is not configured). */
export function fetchSsoStart(): Promise<{ url: string }> {
  const { method, path } = SIGN_IN_ENDPOINTS.ssoStart;
  return request(method, path, { anonymous: true, parse: parseSsoStart });
}

/** Exchanges the one-time single sign-on token for the user info and the session cookie. */
export function exchangeToken(token: string): Promise<TUserInfo> {
  const { method, path } = SIGN_IN_ENDPOINTS.ssoToken;
  return request(method, pathOf({ path }, { token }), { anonymous: true, parse: parseUserInfo });
}
