import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { users } from '../../src/db/schema';
import { sha1AlgorithmsIn } from '../../src/modules/sso/saml';
import { addUser } from '../../src/modules/users';
import { bootstrapAdmin } from '../../src/modules/users/admin';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import {
  exchange,
  expectRefused,
  idp,
  idpUser,
  parse,
  postResponse,
  serialize,
  signIn,
  ssoConfig,
  startSso,
  tokenOf,
  XMLNS,
} from './support';

/**
 * Issue 30 item 7: SHA-1 signatures and digests are refused (SSO_ALLOW_SHA1 allows them for the named
 * provider), and single sign-on never signs in as a local password account nor changes it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { sso: ssoConfig() } });
});
afterAll(() => t?.close());

const userRow = async (userId: string) => (await t.db.select().from(users).where(eq(users.userId, userId)))[0];
const xmlOf = (samlResponse: string) => Buffer.from(samlResponse, 'base64').toString('utf8');

describe('SHA-1', () => {
  it('refuses a response signed with RSA-SHA1 (SHA-1 digests) with a message, and uses its request up', async () => {
    const user = { ...idpUser('DS_MK'), userId: 'fr-legacy-sha1' };
    const { requestId } = await startSso(t.app);
    const answer = await idp.response({ requestId, user, algorithm: 'rsa-sha1' });
    expect(sha1AlgorithmsIn(xmlOf(answer)).sort()).toEqual([
      'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
      'http://www.w3.org/2000/09/xmldsig#sha1',
    ]);
    await expectRefused(t.app, t.db, answer, 'ssoWeakSignature');
    expect(await userRow(user.userId)).toBeUndefined();
    // The request is used up: not even a good answer to it signs in now.
    await expectRefused(t.app, t.db, await idp.response({ requestId, user }));
  });

  it('finds a SHA-1 digest under an RSA-SHA256 signature, and a SHA-1 signature of the Response alone', async () => {
    const { requestId } = await startSso(t.app);
    const good = await idp.response({ requestId, user: idpUser('DS_MK') });
    expect(sha1AlgorithmsIn(xmlOf(good))).toEqual([]);

    const digestOnly = parse(good);
    const assertion = digestOnly.getElementsByTagNameNS(XMLNS.saml, 'Assertion')[0];
    const digest = assertion?.getElementsByTagNameNS(XMLNS.ds, 'DigestMethod')[0];
    digest?.setAttribute('Algorithm', 'http://www.w3.org/2000/09/xmldsig#sha1');
    expect(sha1AlgorithmsIn(xmlOf(serialize(digestOnly)))).toEqual(['http://www.w3.org/2000/09/xmldsig#sha1']);

    const responseOnly = parse(good);
    const method = responseOnly.documentElement.getElementsByTagNameNS(XMLNS.ds, 'SignatureMethod')[0];
    method?.setAttribute('Algorithm', 'http://www.w3.org/2000/09/xmldsig#rsa-sha1');
    expect(sha1AlgorithmsIn(xmlOf(serialize(responseOnly)))).toEqual(['http://www.w3.org/2000/09/xmldsig#rsa-sha1']);
    for (const other of ['dsa-sha1', 'hmac-sha1']) {
      method?.setAttribute('Algorithm', `http://www.w3.org/2000/09/xmldsig#${other}`);
      expect(sha1AlgorithmsIn(xmlOf(serialize(responseOnly)))).toHaveLength(1);
    }
    method?.setAttribute('Algorithm', 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha1');
    expect(sha1AlgorithmsIn(xmlOf(serialize(responseOnly)))).toHaveLength(1);
  });

  it('SSO_ALLOW_SHA1=true accepts RSA-SHA1 from the named legacy provider', async () => {
    const legacy = await createTestApp({ config: { sso: ssoConfig({ allowSha1: true }) } });
    try {
      const { requestId, state } = await startSso(legacy.app);
      const answer = await idp.response({ requestId, user: idpUser('DS_MK'), algorithm: 'rsa-sha1' });
      const { location } = await postResponse(legacy.app, answer);
      expect((await exchange(legacy.app, tokenOf(location), state)).response.statusCode).toBe(200);
    } finally {
      await legacy.close();
    }
  });

  it('reads SSO_ALLOW_SHA1: off by default, only for a named provider', () => {
    const base = { SSO_IDP_SSO_URL: 'https://idp.example.com/sso', SSO_IDP_CERT: 'MIIBase64Body' };
    expect(loadConfig(base).sso?.allowSha1).toBe(false);
    expect(() => loadConfig({ ...base, SSO_ALLOW_SHA1: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SSO_ALLOW_SHA1: 'true' })).toThrow(/SSO_IDP_ENTITY_ID/);
    expect(() => loadConfig({ ...base, SSO_ALLOW_SHA1: 'maybe' })).toThrow(/SSO_ALLOW_SHA1 must be true or false/);
    const legacy = loadConfig({ ...base, SSO_ALLOW_SHA1: 'TRUE', SSO_IDP_ENTITY_ID: 'https://idp.example.com' });
    expect(legacy.sso).toMatchObject({ allowSha1: true, idpEntityId: 'https://idp.example.com' });
  });
});

describe('local password accounts', () => {
  it("refuses an assertion naming 'admin' (the vendor account): no sign-in, role and name untouched", async () => {
    const fresh = await createTestApp({ config: { sso: ssoConfig() } });
    try {
      expect((await bootstrapAdmin(fresh.db, 'vendor-password')).created).toBe(true);
      const before = (await fresh.db.select().from(users).where(eq(users.userId, 'admin')))[0];
      const { requestId } = await startSso(fresh.app);
      const answer = await idp.response({ requestId, user: { ...idpUser('DS_ST'), userId: 'admin' } });
      await expectRefused(fresh.app, fresh.db, answer, 'ssoLocalAccount');
      const after = (await fresh.db.select().from(users).where(eq(users.userId, 'admin')))[0];
      expect(after).toEqual(before);
      expect(after?.authority).toBe('DS_FRIT');
      await loginAs(fresh.app, { userId: 'admin', password: 'vendor-password' });
    } finally {
      await fresh.close();
    }
  });

  it('refuses any local password account, also when the user ID comes from the NameID', async () => {
    const byNameId = await createTestApp({
      config: { sso: ssoConfig({ attributes: { ...ssoConfig().attributes, userId: 'NameID' } }) },
    });
    try {
      const local = await createUser(byNameId.db, { role: 'DS_KT', userId: 'fr-local', region: 'JP' });
      const { requestId } = await startSso(byNameId.app);
      const answer = await idp.response({ requestId, user: { ...idpUser('DS_FRIT'), userId: local.userId } });
      await expectRefused(byNameId.app, byNameId.db, answer, 'ssoLocalAccount');
      const [row] = await byNameId.db.select().from(users).where(eq(users.userId, local.userId));
      expect(row).toMatchObject({ authority: 'DS_KT', region: 'JP', username: `Name of ${local.userId}` });
    } finally {
      await byNameId.close();
    }
  });

  it('signs in and updates a user made for single sign-on (user add --sso-only), also under SSO_PROVISIONING=existing', async () => {
    const strict = await createTestApp({ config: { sso: ssoConfig({ provisioning: 'existing' }) } });
    try {
      await addUser(strict.db, { userId: 'fr-made', role: 'DS_KT', region: 'JP', ssoOnly: true }, { actor: 'test' });
      const { user } = await signIn(strict.app, { ...idpUser('DS_LHQIT'), userId: 'fr-made', username: 'Renamed' });
      expect(user).toMatchObject({ userId: 'fr-made', authority: 'DS_LHQIT', username: 'Renamed', region: 'US' });
    } finally {
      await strict.close();
    }
  });

  it('user add takes a password or --sso-only, not both', async () => {
    await expect(addUser(t.db, { userId: 'fr-none', role: 'DS_MK' }, { actor: 'test' })).rejects.toThrow(
      /A password is required/,
    );
    await expect(
      addUser(t.db, { userId: 'fr-both', role: 'DS_MK', password: 'long-enough', ssoOnly: true }, { actor: 'test' }),
    ).rejects.toThrow(/not both/);
  });
});
