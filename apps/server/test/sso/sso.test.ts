import { landingFor, MESSAGES, ROLES } from '@signage/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { auditLog, ssoTokens, users } from '../../src/db/schema';
import { addUser, removeUser } from '../../src/modules/users';
import { MODULES } from '../../src/registry';
import {
  createPostgresDatabase,
  createTestApp,
  TEST_DATABASE_URL,
  type TestApp,
  tempDir,
  testConfig,
} from '../helpers';
import { IDP_USERS, startTestIdp, TEST_IDP_CERT_FILE } from './idp';
import {
  exchange,
  expectRefused,
  HOST,
  idp,
  idpUser,
  postResponse,
  signIn,
  ssoConfig,
  startSso,
  tokenOf,
} from './support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { sso: ssoConfig() } });
});
afterAll(() => t?.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

describe('single sign-on with a valid signed response', () => {
  for (const user of IDP_USERS.filter((u) => u.authority !== '')) {
    it(`signs ${user.authority} in with the user info of the assertion and the same session as a password sign-in`, async () => {
      const { user: info, cookie } = await signIn(t.app, user);
      expect(info).toEqual({
        userId: user.userId,
        username: user.username,
        authority: user.authority,
        region: user.region,
        shop_no: user.shop_no,
        shop_name: user.shop_name,
      });
      // The console lands the role where SPEC.md section 4 says.
      expect(landingFor(info.authority)).toBe(user.authority === 'DS_KT' ? '/newdevice/list' : '/device/list');
      const session = await me(cookie);
      expect(session.statusCode).toBe(200);
      expect(session.json().data).toEqual(info);
    });
  }

  it('covers every role', () => {
    expect(new Set(IDP_USERS.map((u) => u.authority))).toEqual(new Set([...ROLES, '']));
  });

  it('updates an existing single sign-on user from the assertion: the identity provider is the source of truth', async () => {
    await signIn(t.app, { ...idpUser('DS_KT'), userId: 'fr-update' });
    const { user } = await signIn(t.app, { ...idpUser('DS_LHQIT'), userId: 'fr-update', username: 'Renamed' });
    expect(user).toMatchObject({ userId: 'fr-update', authority: 'DS_LHQIT', username: 'Renamed', region: 'US' });
  });

  it('accepts a response signed with the second configured certificate (rotation)', async () => {
    const { requestId, state } = await startSso(t.app);
    const answer = await idp.response({ requestId, user: idpUser('DS_MK'), key: 'next' });
    const { location } = await postResponse(t.app, answer);
    const { response } = await exchange(t.app, tokenOf(location), state);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('sends the browser back to /sso/{token}: the SAML response is never in a URL', async () => {
    const { requestId } = await startSso(t.app);
    const answer = await idp.response({ requestId, user: idpUser('DS_MK') });
    const { location } = await postResponse(t.app, answer);
    expect(location).toMatch(/^\/sso\/[A-Za-z0-9_-]{43}$/);
    expect(location).not.toContain(answer.slice(0, 40));
  });

  it('SSO-created users have no password', async () => {
    await signIn(t.app, idpUser('DS_MK'));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/users/${idpUser('DS_MK').userId}/auth`,
      payload: { password: 'sso-only' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('refusals: a clear message and no session', () => {
  it('refuses a user whose assertion carries no role', async () => {
    const { requestId } = await startSso(t.app);
    await expectRefused(t.app, t.db, await idp.response({ requestId, user: idpUser('') }), 'ssoNoRole');
    const [row] = await t.db.select().from(users).where(eq(users.userId, 'fr-norole'));
    expect(row).toBeUndefined();
    // The administrator can see why.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.sso_refused'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.detail).toMatchObject({ reason: 'ssoNoRole' });
    expect(String(entry?.detail?.detail)).toContain('fr-norole');
  });

  it('refuses an unknown role and two roles at once', async () => {
    for (const authority of [['DS_ADMIN'], ['DS_MK', 'DS_FRIT']]) {
      const { requestId } = await startSso(t.app);
      const answer = await idp.response({ requestId, user: idpUser('DS_MK'), attributes: { authority } });
      await expectRefused(t.app, t.db, answer, 'ssoNoRole');
    }
  });

  it('refuses a region-bound role without region, and a store user without a store code', async () => {
    for (const [role, attributes] of [
      ['DS_KT', { region: [] }],
      ['DS_ST', { shop_no: [] }],
    ] as const) {
      const { requestId } = await startSso(t.app);
      const answer = await idp.response({ requestId, user: idpUser(role), attributes: { ...attributes } });
      await expectRefused(t.app, t.db, answer, 'ssoIncompleteProfile');
    }
  });

  it('refuses an unsigned response', async () => {
    const { requestId } = await startSso(t.app);
    const answer = await idp.response({ requestId, user: idpUser('DS_MK'), signAssertion: false, signResponse: false });
    await expectRefused(t.app, t.db, answer);
  });

  it('refuses a response signed by another key', async () => {
    const { requestId } = await startSso(t.app);
    await expectRefused(t.app, t.db, await idp.response({ requestId, user: idpUser('DS_MK'), key: 'attacker' }));
  });

  it('refuses a signed response whose assertion is not signed, and a signed assertion in an unsigned response', async () => {
    let { requestId } = await startSso(t.app);
    await expectRefused(t.app, t.db, await idp.response({ requestId, user: idpUser('DS_MK'), signAssertion: false }));
    ({ requestId } = await startSso(t.app));
    await expectRefused(t.app, t.db, await idp.response({ requestId, user: idpUser('DS_MK'), signResponse: false }));
  });

  it('refuses a wrong audience', async () => {
    const { requestId } = await startSso(t.app);
    const answer = await idp.response({ requestId, user: idpUser('DS_MK'), audience: 'https://other.example/sp' });
    await expectRefused(t.app, t.db, answer);
  });

  it('refuses a wrong destination and a wrong recipient', async () => {
    let { requestId } = await startSso(t.app);
    const elsewhere = 'https://other.example/api/sso/callback';
    await expectRefused(t.app, t.db, await idp.response({ requestId, user: idpUser('DS_MK'), destination: elsewhere }));
    ({ requestId } = await startSso(t.app));
    await expectRefused(t.app, t.db, await idp.response({ requestId, user: idpUser('DS_MK'), recipient: elsewhere }));
  });

  it('refuses another issuer', async () => {
    const { requestId } = await startSso(t.app);
    const answer = await idp.response({ requestId, user: idpUser('DS_MK'), issuer: 'https://evil.example/idp' });
    await expectRefused(t.app, t.db, answer);
  });

  it('refuses an expired assertion (beyond the 60 s clock skew) and one not yet valid', async () => {
    let { requestId } = await startSso(t.app);
    const expired = await idp.response({
      requestId,
      user: idpUser('DS_MK'),
      notBeforeSeconds: -600,
      notOnOrAfterSeconds: -61,
    });
    await expectRefused(t.app, t.db, expired);
    ({ requestId } = await startSso(t.app));
    const early = await idp.response({ requestId, user: idpUser('DS_MK'), notBeforeSeconds: 120 });
    await expectRefused(t.app, t.db, early);
  });

  it('accepts a clock difference within the skew', async () => {
    const { requestId, state } = await startSso(t.app);
    const answer = await idp.response({ requestId, user: idpUser('DS_MK'), notBeforeSeconds: 30 });
    const { location } = await postResponse(t.app, answer);
    expect((await exchange(t.app, tokenOf(location), state)).response.statusCode).toBe(200);
  });

  it('refuses an unknown InResponseTo, and a response to no request at all (IdP-initiated)', async () => {
    await expectRefused(t.app, t.db, await idp.response({ requestId: '_neverSent', user: idpUser('DS_MK') }));
    await expectRefused(t.app, t.db, await idp.response({ requestId: '', user: idpUser('DS_MK') }));
  });

  it('refuses a replayed response', async () => {
    const { requestId } = await startSso(t.app);
    const answer = await idp.response({ requestId, user: idpUser('DS_MK') });
    tokenOf((await postResponse(t.app, answer)).location);
    await expectRefused(t.app, t.db, answer);
  });

  it('refuses an assertion ID seen before, even answering a new request', async () => {
    const first = await startSso(t.app);
    const assertionId = '_assertion-used-once-0000000000001';
    tokenOf(
      (await postResponse(t.app, await idp.response({ ...first, user: idpUser('DS_MK'), assertionId }))).location,
    );
    const second = await startSso(t.app);
    await expectRefused(t.app, t.db, await idp.response({ ...second, user: idpUser('DS_MK'), assertionId }));
  });

  it('refuses garbage and an empty form', async () => {
    await startSso(t.app);
    await expectRefused(t.app, t.db, Buffer.from('<not-saml/>').toString('base64'));
    await expectRefused(t.app, t.db, 'not base64 at all %%%');
  });
});

describe('the one-time token', () => {
  it('works once', async () => {
    const { requestId, state } = await startSso(t.app);
    const { location } = await postResponse(t.app, await idp.response({ requestId, user: idpUser('DS_MK') }));
    const token = tokenOf(location);
    expect((await exchange(t.app, token, state)).response.statusCode).toBe(200);
    const again = await exchange(t.app, token, state);
    expect(again.response.statusCode).toBe(400);
    expect(again.response.json()).toEqual({ result: 'Failure', message: MESSAGES.ssoExpired, data: null });
    expect(again.sid).toBeUndefined();
  });

  it('does not work after its short lifetime', async () => {
    const { requestId, state } = await startSso(t.app);
    const { location } = await postResponse(t.app, await idp.response({ requestId, user: idpUser('DS_MK') }));
    // As if the minute had passed: the row's end moved into the past.
    await t.db.update(ssoTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await exchange(t.app, tokenOf(location), state);
    expect(late.response.statusCode).toBe(400);
    expect(late.response.json().message).toBe(MESSAGES.ssoExpired);
    expect(late.sid).toBeUndefined();
  });

  it('works only in the browser that started the sign-in (its state cookie)', async () => {
    const { requestId } = await startSso(t.app);
    const other = await startSso(t.app);
    const { location } = await postResponse(t.app, await idp.response({ requestId, user: idpUser('DS_MK') }));
    expect((await exchange(t.app, tokenOf(location), other.state)).response.statusCode).toBe(400);
    const { requestId: id2 } = await startSso(t.app);
    const second = await postResponse(t.app, await idp.response({ requestId: id2, user: idpUser('DS_MK') }));
    expect((await exchange(t.app, tokenOf(second.location), undefined)).response.statusCode).toBe(400);
  });
});

describe('deleting a user', () => {
  it('ends their SSO sessions and their pending token', async () => {
    const user = { ...idpUser('DS_MK'), userId: 'fr-deleted' };
    const { cookie } = await signIn(t.app, user);
    const { requestId, state } = await startSso(t.app);
    const { location } = await postResponse(t.app, await idp.response({ requestId, user }));
    const result = await removeUser(t.db, { userId: user.userId }, { actor: 'test' });
    expect(result.sessionsEnded).toBe(1);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await exchange(t.app, tokenOf(location), state)).response.statusCode).toBe(400);
  });
});

describe('provisioning policy', () => {
  it("'existing' refuses users the server does not know and signs known ones in", async () => {
    const strict = await createTestApp({ config: { sso: ssoConfig({ provisioning: 'existing' }) } });
    try {
      const { requestId } = await startSso(strict.app);
      const answer = await idp.response({ requestId, user: idpUser('DS_MK') });
      await expectRefused(strict.app, strict.db, answer, 'ssoUnknownUser');
      await addUser(
        strict.db,
        { role: 'DS_KT', region: 'JP', userId: idpUser('DS_MK').userId, ssoOnly: true },
        { actor: 'test' },
      );
      const { user } = await signIn(strict.app, idpUser('DS_MK'));
      expect(user.authority).toBe('DS_MK');
    } finally {
      await strict.close();
    }
  });

  it('SSO_WANT_RESPONSE_SIGNED=false accepts a signed assertion in an unsigned response, never an unsigned assertion', async () => {
    const relaxed = await createTestApp({ config: { sso: ssoConfig({ wantResponseSigned: false }) } });
    try {
      let { requestId, state } = await startSso(relaxed.app);
      const { location } = await postResponse(
        relaxed.app,
        await idp.response({ requestId, user: idpUser('DS_MK'), signResponse: false }),
      );
      expect((await exchange(relaxed.app, tokenOf(location), state)).response.statusCode).toBe(200);
      ({ requestId, state } = await startSso(relaxed.app));
      const answer = await idp.response({ requestId, user: idpUser('DS_MK'), signAssertion: false });
      await expectRefused(relaxed.app, relaxed.db, answer);
    } finally {
      await relaxed.close();
    }
  });
});

describe('two server processes on one database', () => {
  it('refuses the replay of a response to the second process, and the request IDs of one are known to the other', async () => {
    let handles: DatabaseHandle[] = [];
    let drop = async () => {};
    if (TEST_DATABASE_URL) {
      const database = await createPostgresDatabase();
      drop = database.drop;
      // Two pools, as two processes would have.
      handles = [
        await openDatabase({ dataDir: tempDir(), databaseUrl: database.url }),
        await openDatabase({ dataDir: tempDir(), databaseUrl: database.url }),
      ];
    } else {
      const shared = await openDatabase({ dataDir: tempDir(), databaseUrl: undefined }, { memory: true });
      handles = [shared];
    }
    const config = testConfig({ sso: ssoConfig() });
    const [a, b] = await Promise.all(
      [0, 1].map((i) => buildApp({ config, db: (handles[i] ?? handles[0])!.db, modules: MODULES })),
    );
    try {
      // Started on A, answered to B (a load balancer without stickiness).
      const { requestId, state } = await startSso(a!);
      const answer = await idp.response({ requestId, user: idpUser('DS_FRIT') });
      const { location } = await postResponse(b!, answer);
      expect((await exchange(a!, tokenOf(location), state)).response.statusCode).toBe(200);
      // The same answer again, to A and to B.
      await expectRefused(a!, handles[0]!.db, answer);
      await expectRefused(b!, (handles[1] ?? handles[0])!.db, answer);
      // The same answer to both at once: at most one wins.
      const next = await startSso(a!);
      const twice = await idp.response({ requestId: next.requestId, user: idpUser('DS_FRIT') });
      const results = await Promise.all([postResponse(a!, twice), postResponse(b!, twice)]);
      expect(results.filter((r) => r.location.startsWith('/sso/'))).toHaveLength(1);
    } finally {
      await a?.close();
      await b?.close();
      for (const handle of handles) await handle.close();
      await drop();
    }
  });
});

describe('the test identity provider over HTTP', () => {
  it('shows its login page for the AuthnRequest and posts a signed answer the server accepts', async () => {
    const server = await startTestIdp({ port: 0, sp: idp.sp });
    const app = await buildApp({
      config: testConfig({ sso: { ...ssoConfig(), idpSsoUrl: server.idp.ssoUrl, idpEntityId: server.idp.entityId } }),
      db: t.db,
      modules: MODULES,
    });
    try {
      const { url, state } = await startSso(app);
      expect(url.startsWith(`${server.idp.ssoUrl}?SAMLRequest=`)).toBe(true);
      const login = await fetch(url);
      const html = await login.text();
      for (const user of IDP_USERS) expect(html).toContain(`value="${user.userId}"`);
      const form = new URLSearchParams({
        SAMLRequest: new URL(url).searchParams.get('SAMLRequest') ?? '',
        user: 'fr-kt',
      });
      const posted = await (await fetch(`${server.url}/login`, { method: 'POST', body: form })).text();
      const samlResponse = posted.match(/name="SAMLResponse" value="([^"]+)"/)?.[1] ?? '';
      expect(posted).toContain(`action="${idp.sp.callbackUrl}"`);
      const { location } = await postResponse(app, samlResponse);
      const { response } = await exchange(app, tokenOf(location), state);
      expect(response.json().data).toMatchObject({ userId: 'fr-kt', authority: 'DS_KT' });
      expect((await fetch(`${server.url}/cert.pem`)).ok).toBe(true);
    } finally {
      await app.close();
      await server.close();
    }
  });
});

describe('configuration', () => {
  it('serves the SP metadata', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/sso/metadata', headers: { host: HOST } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(response.body).toContain(`entityID="${idp.sp.entityId}"`);
    expect(response.body).toContain(`Location="${idp.sp.callbackUrl}"`);
    expect(response.body).toContain('WantAssertionsSigned="true"');
  });

  it('reads the environment variables (several certificates, policy, attribute names)', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://signage.example.com/',
      SSO_IDP_SSO_URL: 'https://idp.example.com/sso',
      SSO_IDP_CERT_FILE: TEST_IDP_CERT_FILE,
      SSO_IDP_CERT: 'MIIBase64Body,MIIOtherBody',
      SSO_PROVISIONING: 'existing',
      SSO_ATTR_AUTHORITY: 'groups',
    });
    expect(config.sso).toMatchObject({
      spEntityId: 'https://signage.example.com/api/sso/metadata',
      callbackUrl: 'https://signage.example.com/api/sso/callback',
      provisioning: 'existing',
      wantResponseSigned: true,
      clockSkewMs: 60_000,
      attributes: { authority: 'groups', userId: 'userId' },
    });
    expect(config.sso?.idpCerts).toHaveLength(3);
    expect(loadConfig({}).sso).toBeUndefined();
    expect(() => loadConfig({ SSO_IDP_SSO_URL: 'https://idp.example.com/sso' })).toThrow(/certificate/);
    expect(() =>
      loadConfig({ SSO_IDP_SSO_URL: 'https://idp.example.com/sso', SSO_IDP_CERT: 'x', SSO_PROVISIONING: 'maybe' }),
    ).toThrow(/SSO_PROVISIONING/);
  });

  it('without configuration every step says single sign-on is not configured', async () => {
    const plain = await createTestApp();
    try {
      for (const url of ['/api/sso', '/api/sso/metadata', '/api/sso/token/abc']) {
        const response = await plain.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(503);
        expect(response.json().message).toBe(MESSAGES.ssoNotConfigured);
      }
      const { location } = await postResponse(plain.app, 'abc');
      expect(location).toBe('/login?error=ssoNotConfigured');
    } finally {
      await plain.close();
    }
  });
});
