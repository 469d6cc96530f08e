import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_MISSING_NOTE } from '../src/console/static';
import { createTestApp, type TestApp, tempDir } from './helpers';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-abc123.js"></script></body></html>';

function makeDist(): string {
  const dist = tempDir('signage-dist-');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.info("app")');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  const directives = Object.fromEntries(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
  // Exactly these: hls.js needs blob: for its media (Media Source Extensions) and its worker, nothing wider.
  expect(directives).toEqual({
    'default-src': "'self'",
    'img-src': "'self' data: blob:",
    'media-src': "'self' blob:",
    'worker-src': "'self' blob:",
    'style-src': "'self' 'unsafe-inline'",
    'script-src': "'self'",
    'connect-src': "'self'",
    'font-src': "'self' data:",
    'frame-ancestors': "'none'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
  });
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  [t, bare] = await Promise.all([createTestApp({ config: { consoleDist: makeDist() } }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close()]);
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('API answers', () => {
  it('says plainly that single sign-on is not configured, without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/sso' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ result: 'Failure', message: MESSAGES.ssoNotConfigured, data: null });
  });

  it('answers an unknown /api route with a 404 envelope, signed in or not', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/thing', headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ result: 'Failure', message: MESSAGES.notFound, data: null });
    expect((await t.app.inject({ method: 'POST', url: '/agent/nothing' })).statusCode).toBe(404);
  });

  it('answers malformed URLs and bodies with 400 envelopes and security headers', async () => {
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A/auth' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ result: 'Failure', message: MESSAGES.invalidRequest, data: null });
    expectSecurityHeaders(badUrl.headers);
    const notAnObject = await t.app.inject({
      method: 'POST',
      url: '/api/users/someone/auth',
      headers: { 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().message).toBe(MESSAGES.invalidRequest);
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/users/someone/auth',
      payload: { password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().result).toBe('Failure');
  });

  it('puts the security headers on API answers, errors included, and forbids caching them', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expectSecurityHeaders(ok.headers);
    expect(ok.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders((await t.app.inject({ method: 'GET', url: '/api/users/me' })).headers);
    expectSecurityHeaders((await t.app.inject({ method: 'GET', url: '/api/nothing' })).headers);
  });

  it('sends Strict-Transport-Security only to an https request, and no Cross-Origin-Resource-Policy', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['cross-origin-resource-policy']).toBeUndefined();
    expect(plain.headers['cross-origin-opener-policy']).toBe('same-origin');
    // Behind a proxy on the same machine (TRUST_PROXY's default), the proxy says the request was https.
    const https = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=15552000');
    expectSecurityHeaders(https.headers);
  });

  it('publishes an OpenAPI document generated from the zod schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const auth = doc.paths['/api/users/{userId}/auth'];
    expect(auth.post.requestBody.content['application/json'].schema.required).toEqual(['password']);
    expect(auth.post.responses['200'].content['application/json'].schema.properties.data.required).toContain(
      'authority',
    );
    expect(auth).toHaveProperty(['delete', 'responses', '200']);
    expect(doc.paths['/api/users/me']).toHaveProperty(['get', 'responses', '200']);
    expect(doc.paths['/api/health/']).toHaveProperty(['get', 'responses', '200']);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
    expectSecurityHeaders(ui.headers);
  });
});

describe('console serving', () => {
  it('serves index.html at / without caching it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(response.headers);
  });

  it('falls back to index.html for console routes the browser navigates to', async () => {
    for (const url of ['/device/list', '/newdevice/register/SN-1', '/login?next=/device/list']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expectSecurityHeaders(response.headers);
    }
  });

  it('does not fall back for API, agent and media paths, or for non-HTML requests', async () => {
    for (const url of ['/api/whatever', '/agent/whatever', '/media/whatever']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().result).toBe('Failure');
    }
    const script = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(script.statusCode).toBe(404);
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset.headers);
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('starts without a console build and says how to make one', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toBe(CONSOLE_MISSING_NOTE);
    expect(response.body).toContain('npm run build');
    expectSecurityHeaders(response.headers);
    // Public without a session; 503 here only because this app has no account yet (readiness).
    expect((await bare.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
  });
});
