import { MESSAGES, ZUserInfo } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { currentUser, effectiveRegion } from '../src/auth/guards';
import { ok, responses } from '../src/http/envelope';
import type { ApiModule, ModulePlugin } from '../src/modules/types';
import { createTestApp, createUser, loginAs, type TestApp } from './helpers';

// A module shaped like the later features: FRIT-only routes, one open to any role, region-scoped reads.
const probeRoutes: ModulePlugin = async (app) => {
  app.get('/secret', { schema: { response: responses(ZUserInfo, 401, 403) } }, async (request) => {
    const { id: _id, sessionId: _sid, ...info } = currentUser(request);
    return ok(info);
  });
};
const regionRoutes: ModulePlugin = async (app) => {
  app.get(
    '/',
    {
      schema: {
        querystring: z.object({ region: z.string().optional() }),
        response: responses(z.object({ region: z.string().nullable() }), 401, 403),
      },
    },
    async (request) => ok({ region: effectiveRegion(currentUser(request), request.query.region) }),
  );
  app.get('/open', { config: { public: true }, schema: { response: responses(z.string()) } }, async () => ok('open'));
};
const extraModules: ApiModule[] = [
  { name: 'probe', prefix: '/api/probe', plugin: probeRoutes, roles: ['DS_FRIT'] },
  { name: 'region', prefix: '/api/region', plugin: regionRoutes },
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extraModules });
});
afterAll(async () => {
  await t?.close();
});

describe('route guards', () => {
  it('answers 401 on a protected route without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/secret' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ result: 'Failure', message: MESSAGES.sessionRequired, data: null });
  });

  it('answers 403 for a role the module does not allow', async () => {
    const cookie = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/secret', headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ result: 'Failure', message: MESSAGES.forbidden, data: null });
  });

  it('lets an allowed role in', async () => {
    const user = await createUser(t.db, { role: 'DS_FRIT' });
    const cookie = await loginAs(t.app, user);
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/secret', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.userId).toBe(user.userId);
  });

  it('checks the session before reading the body or query', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/region?region=JP' });
    expect(response.statusCode).toBe(401);
  });

  it('leaves routes marked public open and the health check public', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/region/open' })).statusCode).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ result: 'Success', message: '', data: { status: 'ok', database: 'ok' } });
  });
});

describe('effectiveRegion (SPEC 6)', () => {
  const regionOf = async (cookie: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/region${query}`, headers: { cookie } });

  it('lets DS_MK choose a region or all', async () => {
    const cookie = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK', region: 'JP' }));
    expect((await regionOf(cookie, '?region=US')).json().data).toEqual({ region: 'US' });
    expect((await regionOf(cookie)).json().data).toEqual({ region: null });
  });

  it('keeps a region-bound role in its own region and refuses another (403)', async () => {
    const cookie = await loginAs(t.app, await createUser(t.db, { role: 'DS_LHQBIZ', region: 'GB' }));
    expect((await regionOf(cookie)).json().data).toEqual({ region: 'GB' });
    expect((await regionOf(cookie, '?region=GB')).json().data).toEqual({ region: 'GB' });
    expect((await regionOf(cookie, '?region=JP')).statusCode).toBe(403);
  });
});
