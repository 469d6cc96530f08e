import { MESSAGES, USER_CONTRACTS, ZUserInfo } from '@signage/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { errorMessageOf } from '../../lib/http';
import { setNavigator } from '../../lib/navigation';
import { failure, mockFetch, success } from '../../test/fetchMock';
import { userWith } from '../../test/renderApp';
import { exchangeToken, fetchMe, fetchSsoStart, parseUserInfo, SIGN_IN_ENDPOINTS, signIn, signOut } from './client';

describe('sign-in client (no zod contracts in the first load of /login)', () => {
  afterEach(() => setNavigator(null));

  it('calls each endpoint with the method and path of its contract', () => {
    for (const [name, endpoint] of Object.entries(SIGN_IN_ENDPOINTS)) {
      const contract = USER_CONTRACTS[name as keyof typeof SIGN_IN_ENDPOINTS];
      expect({ name, method: endpoint.method, path: endpoint.path }).toEqual({
        name,
        method: contract.method,
        path: contract.path,
      });
    }
  });

  it('signs in with the password in the body and returns the user as the contract parses it', async () => {
    const user = userWith('DS_MK', { userId: 'a/b' });
    const { requests } = mockFetch({
      'POST /api/users/a%2Fb/auth': () => success({ ...user, extra: 'not in the contract' }),
    });
    const signedIn = await signIn('a/b', 'secret');
    expect(signedIn).toEqual(ZUserInfo.parse({ ...user, extra: 'not in the contract' }));
    expect(requests[0]?.body).toEqual({ password: 'secret' });
    expect(requests[0]?.headers.get('User-Name')).toBeNull();
  });

  it("rejects with the server's message on a refused sign-in", async () => {
    mockFetch({ 'POST /api/users/someone/auth': () => failure(401, MESSAGES.loginFailed) });
    await expect(signIn('someone', 'wrong')).rejects.toMatchObject({ status: 401, message: MESSAGES.loginFailed });
  });

  it('rejects an answer that breaks the contract, so the caller shows its own fallback text', async () => {
    const user = userWith('DS_MK');
    for (const data of [null, 'text', { ...user, authority: 'NOT_A_ROLE' }, { ...user, shop_no: 7 }]) {
      expect(() => ZUserInfo.parse(data)).toThrow();
      expect(() => parseUserInfo(data)).toThrow();
    }
    mockFetch({ 'GET /api/users/me': () => success({ ...user, userId: undefined }) });
    const error = await fetchMe().catch((caught: unknown) => caught);
    expect(errorMessageOf(error, MESSAGES.loginFailed)).toBe(MESSAGES.loginFailed);
  });

  it('restores the session, signs out, starts single sign-on and exchanges its token', async () => {
    const user = userWith('DS_FRIT', { userId: 'frit' });
    const { requests } = mockFetch({
      'GET /api/users/me': () => success(user),
      'DELETE /api/users/frit/auth': () => success(null),
      'GET /api/sso': () => success({ url: 'https://idp.example/login' }),
      'GET /api/sso/token/abc': () => success(user),
    });
    expect(await fetchMe({ anonymous: true })).toEqual(user);
    expect(await signOut('frit')).toBeNull();
    expect(await fetchSsoStart()).toEqual({ url: 'https://idp.example/login' });
    expect(await exchangeToken('abc')).toEqual(user);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/users/me',
      'DELETE /api/users/frit/auth',
      'GET /api/sso',
      'GET /api/sso/token/abc',
    ]);
  });

  it('rejects a single sign-on start without an address', async () => {
    mockFetch({ 'GET /api/sso': () => success({}) });
    await expect(fetchSsoStart()).rejects.toThrow();
  });
});
