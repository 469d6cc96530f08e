import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConsoleOrigin } from '../src/http/csrf';
import { multipart } from './contents/support';
import { createTestApp, createUser, loginAs, type TestApp, tempDir } from './helpers';
import { writeImage } from './media/fixtures';

// A page on a sibling port (or, in production, a sibling subdomain) is "same site" for SameSite=Lax
// cookies, so the browser sends the session cookie along; only Origin / Sec-Fetch-Site tell it apart.
const HOST = 'localhost:8080';
const OWN = 'http://localhost:8080';
const SIBLING = 'http://localhost:9999';

let t: TestApp;
let cookie: string;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
  const file = path.join(tempDir(), 'a.png');
  await writeImage(file, 'png', 64, 36);
  png = await readFile(file);
});
afterAll(() => t?.close());

function uploadForm(name: string) {
  return multipart([
    { name: 'name', value: name },
    { name: 'display_pattern', value: 'Multi,CW' },
    { name: 'region', value: 'JP' },
    { name: 'content', filename: 'a.png', type: 'image/png', data: png },
  ]);
}

async function postContent(name: string, headers: Record<string, string>) {
  const body = uploadForm(name);
  return t.app.inject({
    method: 'POST',
    url: '/api/contents',
    headers: { ...body.headers, host: HOST, cookie, ...headers },
    payload: body.payload,
  });
}

async function contentNames(): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/contents', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().data.contents.map((c: { name: string }) => c.name);
}

async function createTag(value: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/setting',
    headers: { cookie, host: HOST, origin: OWN },
    payload: { type: 'DEVICE_TAG', value, en: 'Before', ja: 'Before', zh: 'Before', ko: 'Before', note: '' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { key: string; en: string };
}

const renameTag = (key: string, value: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/setting/${key}`,
    headers: { cookie, host: HOST, ...headers },
    payload: { type: 'DEVICE_TAG', value, en: 'After', ja: 'After', zh: 'After', ko: 'After' },
  });

const tagName = async (key: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/setting/${key}`, headers: { cookie } })).json().data.en;

function expectRefused(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ result: 'Failure', message: MESSAGES.crossSiteRequest, data: null });
}

describe('cross-site request forgery', () => {
  it('refuses a multipart upload from a sibling port and creates nothing', async () => {
    expectRefused(await postContent('From sibling', { origin: SIBLING }));
    expectRefused(await postContent('Fetch metadata', { 'sec-fetch-site': 'same-site' }));
    expectRefused(await postContent('Opaque origin', { origin: 'null' }));
    expect(await contentNames()).toEqual([]);
  });

  it('accepts the same upload from the console itself', async () => {
    const response = await postContent('From console', { origin: OWN, 'sec-fetch-site': 'same-origin' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await contentNames()).toEqual(['From console']);
  });

  it('refuses a JSON PUT from a sibling origin and changes nothing', async () => {
    const tag = await createTag('csrf-put');
    expectRefused(await renameTag(tag.key, 'csrf-put', { origin: SIBLING }));
    expectRefused(await renameTag(tag.key, 'csrf-put', { 'sec-fetch-site': 'same-site' }));
    expectRefused(await renameTag(tag.key, 'csrf-put', { 'sec-fetch-site': 'cross-site' }));
    expect(await tagName(tag.key)).toBe('Before');

    expect((await renameTag(tag.key, 'csrf-put', { origin: OWN })).statusCode).toBe(200);
    expect(await tagName(tag.key)).toBe('After');
  });

  it('cannot be bypassed by spelling the path differently', async () => {
    const tag = await createTag('csrf-spelling');
    for (const prefix of ['/%61pi', '/api/', '//api']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `${prefix}/setting/${tag.key}`,
        headers: { cookie, host: HOST, origin: SIBLING },
        payload: { type: 'DEVICE_TAG', value: 'csrf-spelling', en: 'After', ja: 'After', zh: 'After', ko: 'After' },
      });
      expect(response.statusCode, prefix).not.toBe(200);
    }
    expect(await tagName(tag.key)).toBe('Before');
  });

  it('lets requests without Origin or fetch metadata through (not a browser), and typed-in navigations', async () => {
    const tag = await createTag('csrf-cli');
    expect((await renameTag(tag.key, 'csrf-cli', {})).statusCode).toBe(200);
    expect((await renameTag(tag.key, 'csrf-cli', { 'sec-fetch-site': 'none' })).statusCode).toBe(200);
  });

  it('refuses a cross-site sign-in too, before any password check', async () => {
    const user = await createUser(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user.userId}/auth`,
      headers: { host: HOST, origin: SIBLING },
      payload: { password: user.password },
    });
    expectRefused(response);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it("lets the SAML identity provider's form post reach /api/sso/callback, and no other route", async () => {
    // The provider's page posts the answer from its own origin by design (modules/sso/routes.ts says why
    // that is safe). The route answers with a redirect (here: not configured), not the 403.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sso/callback',
      headers: { host: HOST, origin: SIBLING, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'SAMLResponse=abc',
    });
    expect(response.statusCode).toBe(303);
    const exempt: string[] = [];
    const probe = await createTestApp({
      onRoute: (route) => {
        if (route.config?.allowCrossSite) exempt.push(`${[route.method].flat().join(',')} ${route.url}`);
      },
    });
    await probe.close();
    expect(exempt).toEqual(['POST /api/sso/callback']);
  });

  it('leaves the player protocol (bearer tokens) alone', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/announce',
      headers: { host: HOST, origin: SIBLING },
      payload: { serial: 'CSRF-SERIAL-1' },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('PUBLIC_URL', () => {
  let behindProxy: TestApp;
  beforeAll(async () => {
    behindProxy = await createTestApp({ config: { publicUrl: 'https://signage.example.com' } });
  });
  afterAll(() => behindProxy?.close());

  it('is the only origin accepted when set, whatever Host the proxy forwards', async () => {
    const user = await createUser(behindProxy.db);
    const login = (origin: string) =>
      behindProxy.app.inject({
        method: 'POST',
        url: `/api/users/${user.userId}/auth`,
        headers: { host: '10.0.0.5:8080', origin },
        payload: { password: user.password },
      });
    expectRefused(await login('http://10.0.0.5:8080'));
    expectRefused(await login('https://shop.example.com'));
    expectRefused(await login('http://signage.example.com'));
    expect((await login('https://signage.example.com')).statusCode).toBe(200);
  });

  it('compares whole origins: scheme, host and port', () => {
    expect(isConsoleOrigin('https://signage.example.com', 'https://signage.example.com', 'x')).toBe(true);
    expect(isConsoleOrigin('https://signage.example.com:8443', 'https://signage.example.com', 'x')).toBe(false);
    expect(isConsoleOrigin('http://localhost:8080', undefined, 'localhost:8080')).toBe(true);
    expect(isConsoleOrigin('http://localhost', undefined, 'localhost:80')).toBe(true);
    expect(isConsoleOrigin('http://localhost:9999', undefined, 'localhost:8080')).toBe(false);
    expect(isConsoleOrigin('http://evil.localhost:8080', undefined, 'localhost:8080')).toBe(false);
    expect(isConsoleOrigin('not a url', undefined, 'localhost:8080')).toBe(false);
  });
});
