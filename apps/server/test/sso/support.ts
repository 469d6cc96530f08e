import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { SsoConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { ssoTokens } from '../../src/db/schema';
import { IDP_USERS, type IdpUser, readAuthnRequest, TEST_KEYS, TestIdp } from './idp';

export const SITE = 'http://localhost:8080';
export const HOST = 'localhost:8080';
export const IDP_ORIGIN = 'http://127.0.0.1:18299';

/** The test identity provider, as the server under test is configured to trust it. */
export const idp = new TestIdp(IDP_ORIGIN, {
  entityId: `${SITE}/api/sso/metadata`,
  callbackUrl: `${SITE}/api/sso/callback`,
});

export function ssoConfig(overrides: Partial<SsoConfig> = {}): SsoConfig {
  return {
    idpSsoUrl: idp.ssoUrl,
    // Two trusted certificates: the provider's and the next one (rotation).
    idpCerts: [TEST_KEYS.signing.cert, TEST_KEYS.next.cert],
    idpEntityId: idp.entityId,
    spEntityId: idp.sp.entityId,
    callbackUrl: idp.sp.callbackUrl,
    wantResponseSigned: true,
    clockSkewMs: 60_000,
    allowSha1: false,
    provisioning: 'create',
    attributes: {
      userId: 'userId',
      username: 'username',
      authority: 'authority',
      region: 'region',
      shopNo: 'shop_no',
      shopName: 'shop_name',
    },
    ...overrides,
  };
}

export function idpUser(role: IdpUser['authority']): IdpUser {
  const user = IDP_USERS.find((u) => u.authority === role);
  if (!user) throw new Error(`no IdP user with role '${role}'`);
  return user;
}

function cookieValue(response: { cookies: { name: string; value: string }[] }, name: string): string | undefined {
  return response.cookies.find((c) => c.name === name)?.value;
}

/** 'For FR Group': the login address and the state cookie; `requestId` is the AuthnRequest's ID. */
export async function startSso(app: App): Promise<{ url: string; requestId: string; state: string }> {
  const response = await app.inject({ method: 'GET', url: '/api/sso', headers: { host: HOST } });
  expect(response.statusCode, response.body).toBe(200);
  const url = response.json().data.url as string;
  const state = cookieValue(response, 'sso_state');
  if (!state) throw new Error('no sso_state cookie');
  const request = await readAuthnRequest(new URL(url).searchParams.get('SAMLRequest') ?? '');
  return { url, requestId: request.id, state };
}

/** The identity provider's post, as a browser sends it from the provider's page (cross-site form). */
export async function postResponse(app: App, samlResponse: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sso/callback',
    headers: {
      host: HOST,
      origin: IDP_ORIGIN,
      'sec-fetch-site': 'cross-site',
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
    },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
  expect(response.statusCode, response.body).toBe(303);
  expect(cookieValue(response, 'sid'), 'the callback never sets a session').toBeUndefined();
  return { location: String(response.headers.location) };
}

/** The token of an accepted answer (its Location is /sso/{token}); fails on a refusal. */
export function tokenOf(location: string): string {
  const match = location.match(/^\/sso\/([^/?#]+)$/);
  if (!match?.[1]) throw new Error(`refused: ${location}`);
  return decodeURIComponent(match[1]);
}

export async function exchange(app: App, token: string, state: string | undefined) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/sso/token/${encodeURIComponent(token)}`,
    headers: { host: HOST, ...(state ? { cookie: `sso_state=${state}` } : {}) },
  });
  return { response, sid: cookieValue(response, 'sid') };
}

export async function tokenCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ssoTokens);
  return row?.n ?? 0;
}

/** A refusal: back to /login with the message key, no token stored. */
export async function expectRefused(app: App, db: Database, samlResponse: string, key = 'ssoFailed'): Promise<void> {
  const before = await tokenCount(db);
  const { location } = await postResponse(app, samlResponse);
  expect(location).toBe(`/login?error=${key}`);
  expect(await tokenCount(db)).toBe(before);
}

/** Full sign-in: start, the provider's answer, the exchange. Returns the user info and the session cookie. */
export async function signIn(app: App, user: IdpUser) {
  const { requestId, state } = await startSso(app);
  const { location } = await postResponse(app, await idp.response({ requestId, user }));
  const { response, sid } = await exchange(app, tokenOf(location), state);
  expect(response.statusCode, response.body).toBe(200);
  if (!sid) throw new Error('no session cookie');
  return { user: response.json().data, cookie: `sid=${sid}` };
}

// XML surgery for the wrapping attacks.
const NS = {
  samlp: 'urn:oasis:names:tc:SAML:2.0:protocol',
  saml: 'urn:oasis:names:tc:SAML:2.0:assertion',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
};

export function parse(samlResponse: string): Document {
  return new DOMParser().parseFromString(
    Buffer.from(samlResponse, 'base64').toString('utf8'),
    'text/xml',
  ) as unknown as Document;
}

export function serialize(doc: Document): string {
  return Buffer.from(new XMLSerializer().serializeToString(doc as never)).toString('base64');
}

export function child(parent: Element, ns: keyof typeof NS, name: string): Element {
  for (const node of Array.from(parent.childNodes)) {
    const element = node as Element;
    if (element.nodeType === 1 && element.localName === name && element.namespaceURI === NS[ns]) return element;
  }
  throw new Error(`no ${name} in ${parent.localName}`);
}

/** Turns an assertion into the attacker's: DS_FRIT for 'mallory' (and a new ID unless kept). */
export function makeEvil(assertion: Element, { keepId = false } = {}): Element {
  if (!keepId) assertion.setAttribute('ID', '_evil0000000000000000000000000000');
  const statement = child(assertion, 'saml', 'AttributeStatement');
  for (const attribute of Array.from(statement.getElementsByTagNameNS(NS.saml, 'Attribute'))) {
    const value = attribute.getElementsByTagNameNS(NS.saml, 'AttributeValue')[0];
    const name = attribute.getAttribute('Name');
    if (value && name === 'authority') value.textContent = 'DS_FRIT';
    if (value && name === 'userId') value.textContent = 'mallory';
  }
  const nameId = child(child(assertion, 'saml', 'Subject'), 'saml', 'NameID');
  nameId.textContent = 'mallory';
  return assertion;
}

export function removeSignature(element: Element): Element {
  for (const node of Array.from(element.childNodes)) {
    const e = node as Element;
    if (e.nodeType === 1 && e.localName === 'Signature' && e.namespaceURI === NS.ds) element.removeChild(e);
  }
  return element;
}

export const XMLNS = NS;
