import * as crypto from 'node:crypto';
import { MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, loginAs, type TestApp } from './helpers';

// Every scrypt derivation the server runs, counted with its cost parameters (the real scrypt runs).
vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});
const scrypt = vi.mocked(crypto.scrypt);
/** The cost parameters (N, r, p) and key length of each scrypt derivation `run` makes. */
async function derivations(run: () => Promise<unknown>) {
  scrypt.mockClear();
  await run();
  return scrypt.mock.calls.map((args) => {
    const [, , keyLength, options] = args as unknown as [unknown, unknown, number, crypto.ScryptOptions];
    return { keyLength, N: options.N, r: options.r, p: options.p };
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (userId: string, password: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/users/${userId}/auth`, payload: { password }, headers });

describe('POST /api/users/:userId/auth', () => {
  it('signs in and answers the user info with a session cookie', async () => {
    const user = await createUser(t.db, { role: 'DS_ST', region: 'JP', shopNo: '0123', shopName: 'Ginza' });
    const response = await login(user.userId, user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: 'Success',
      message: '',
      data: {
        username: user.username,
        userId: user.userId,
        authority: 'DS_ST',
        region: 'JP',
        shop_no: '0123',
        shop_name: 'Ginza',
      },
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Max-Age=604800');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
  });

  it('marks the cookie Secure when the request came over https through a proxy', async () => {
    const user = await createUser(t.db);
    const response = await login(user.userId, user.password, { 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toContain('Secure');
  });

  it('refuses a wrong password with 401 and the spec message, without a cookie', async () => {
    const user = await createUser(t.db);
    const response = await login(user.userId, 'not the password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ result: 'Failure', message: MESSAGES.loginFailed, data: null });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers an unknown ID exactly like a wrong password', async () => {
    // A password of its own: hashed at the real cost, as every user's is outside the tests.
    const user = await createUser(t.db, { password: 'a password of its own' });
    const wrong = await login(user.userId, 'not the password');
    const unknown = await login('nobody-here', 'not the password');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    // Both spend the same password check (one scrypt derivation at the stored hashes' cost), so the unknown ID
    // is not answered faster.
    const forWrong = await derivations(() => login(user.userId, 'x'));
    const forUnknown = await derivations(() => login('nobody-else', 'x'));
    expect(forWrong).toEqual([{ keyLength: 32, N: 2 ** 15, r: 8, p: 3 }]);
    expect(forUnknown).toEqual(forWrong);
  });

  it('asks for the password when it is missing or empty (400)', async () => {
    for (const payload of [{}, { password: '' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/users/someone/auth', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ result: 'Failure', message: MESSAGES.enterPassword, data: null });
    }
  });

  it('answers malformed JSON with a 400 envelope, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/someone/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: 'Failure', message: MESSAGES.invalidRequest, data: null });
  });

  it('never puts the password in a URL: the body is the only way in', async () => {
    const user = await createUser(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user.userId}/auth?password=${encodeURIComponent(user.password)}`,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it('replaces the session a browser still holds when it signs in again', async () => {
    const user = await createUser(t.db);
    const first = await loginAs(t.app, user);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user.userId}/auth`,
      payload: { password: user.password },
      headers: { cookie: first },
    });
    expect(again.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: first } });
    expect(me.statusCode).toBe(401);
  });

  it('accepts IDs up to 128 characters', async () => {
    const user = await createUser(t.db, { userId: 'a'.repeat(128) });
    await loginAs(t.app, user);
  });

  it('trusts X-Forwarded-* only from proxies on private networks', async () => {
    const user = await createUser(t.db);
    const viaInternet = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user.userId}/auth`,
      payload: { password: user.password },
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' },
    });
    expect(viaInternet.statusCode).toBe(200);
    expect(String(viaInternet.headers['set-cookie'])).not.toContain('Secure');
  });
});

describe('GET /api/users/me', () => {
  it('restores the user of a session', async () => {
    const user = await createUser(t.db, { role: 'DS_KT', region: 'US' });
    const cookie = await loginAs(t.app, user);
    const response = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      username: user.username,
      userId: user.userId,
      authority: 'DS_KT',
      region: 'US',
      shop_no: '',
      shop_name: '',
    });
  });

  it('answers 401 without a session, and removes a cookie that is no session', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ result: 'Failure', message: MESSAGES.sessionRequired, data: null });

    const forged = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: 'sid=forged' } });
    expect(forged.statusCode).toBe(401);
    expect(String(forged.headers['set-cookie'])).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
  });
});

describe('DELETE /api/users/:userId/auth', () => {
  it('ends the session and clears the cookie; the old cookie no longer works', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.userId}/auth`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: 'Success', message: '', data: null });
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=;/);

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('ends only the session it was called with', async () => {
    const user = await createUser(t.db);
    const first = await loginAs(t.app, user);
    const second = await loginAs(t.app, user);
    await t.app.inject({ method: 'DELETE', url: `/api/users/${user.userId}/auth`, headers: { cookie: first } });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: second } });
    expect(me.statusCode).toBe(200);
  });

  it("refuses to sign out somebody else's ID (403) and keeps the session", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const cookie = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${other.userId}/auth`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ result: 'Failure', message: MESSAGES.logoutFailed, data: null });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/users/anyone/auth' });
    expect(response.statusCode).toBe(401);
  });
});
