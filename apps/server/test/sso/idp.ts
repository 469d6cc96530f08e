import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import type { Role } from '@signage/domain';
import * as samlifyModule from 'samlify';

// samlify is CommonJS and exports SamlLib through a getter that ESM's named-export detection misses.
const samlify = (samlifyModule as { default?: typeof samlifyModule }).default ?? samlifyModule;

/**
 * A real SAML 2.0 identity provider for the tests and for trying single sign-on locally
 * (`npm run sso:dev`), built on samlify: real XML signatures (RSA-SHA256) with the test-only keys in
 * ./fixtures, a login page listing one user of each role (and one without a role), HTTP-Redirect
 * AuthnRequests in, HTTP-POST responses out. `response()` also builds the altered and forged
 * answers the wrapping-attack tests need, signed for real.
 */

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const readFixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

export const TEST_KEYS = {
  signing: { key: readFixture('test-only-idp-signing.key'), cert: readFixture('test-only-idp-signing.crt') },
  next: { key: readFixture('test-only-idp-next.key'), cert: readFixture('test-only-idp-next.crt') },
  attacker: { key: readFixture('test-only-attacker.key'), cert: readFixture('test-only-attacker.crt') },
};
export const TEST_IDP_CERT_FILE = path.join(FIXTURES, 'test-only-idp-signing.crt');
export const TEST_IDP_NEXT_CERT_FILE = path.join(FIXTURES, 'test-only-idp-next.crt');

export type IdpUser = {
  userId: string;
  username: string;
  authority: Role | '';
  region: string;
  shop_no: string;
  shop_name: string;
};

/** One user of each role, and one the provider knows but who has no role in the signage system. */
export const IDP_USERS: readonly IdpUser[] = [
  { userId: 'fr-frit', username: 'Fumiko FRIT', authority: 'DS_FRIT', region: '', shop_no: '', shop_name: '' },
  { userId: 'fr-mk', username: 'Mika Marketing', authority: 'DS_MK', region: '', shop_no: '', shop_name: '' },
  { userId: 'fr-kt', username: 'Kenta Kitting', authority: 'DS_KT', region: 'JP', shop_no: '', shop_name: '' },
  { userId: 'fr-st', username: 'Sora Store', authority: 'DS_ST', region: 'JP', shop_no: '0001', shop_name: 'Ginza' },
  { userId: 'fr-lhqbiz', username: 'Lena LHQ Biz', authority: 'DS_LHQBIZ', region: 'GB', shop_no: '', shop_name: '' },
  { userId: 'fr-lhqit', username: 'Ivan LHQ IT', authority: 'DS_LHQIT', region: 'US', shop_no: '', shop_name: '' },
  { userId: 'fr-norole', username: 'Nora No Role', authority: '', region: 'JP', shop_no: '', shop_name: '' },
];

export type ResponseOptions = {
  /** InResponseTo (Response and SubjectConfirmationData). */
  requestId: string;
  user: IdpUser;
  /** Extra or replaced attributes (values as given; an array gives several values). */
  attributes?: Record<string, string | readonly string[]>;
  audience?: string;
  destination?: string;
  recipient?: string;
  /** Assertion validity, relative to now in seconds (defaults: -0 and +300). */
  notBeforeSeconds?: number;
  notOnOrAfterSeconds?: number;
  assertionId?: string;
  issuer?: string;
  signAssertion?: boolean;
  signResponse?: boolean;
  /** Which key signs: the provider's own, the second trusted one, or an attacker's. */
  key?: keyof typeof TEST_KEYS;
  /** The signature (and digest) algorithm: RSA-SHA256 unless a legacy provider's RSA-SHA1 is wanted. */
  algorithm?: 'rsa-sha256' | 'rsa-sha1';
};

const SIGNATURE_ALGORITHMS = {
  'rsa-sha256': 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'rsa-sha1': 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
} as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function attributeStatement(values: Record<string, string | readonly string[]>): string {
  const attributes = Object.entries(values)
    .map(([name, value]) => {
      const list = (Array.isArray(value) ? value : [value]).filter((v) => v !== '');
      if (list.length === 0) return '';
      const items = list
        .map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`)
        .join('');
      return `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${items}</saml:Attribute>`;
    })
    .join('');
  return attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '';
}

export const newXmlId = () => `_${randomBytes(16).toString('hex')}`;

/** The ID and ACS URL of an HTTP-Redirect AuthnRequest (the SAMLRequest query parameter). */
export async function readAuthnRequest(samlRequest: string): Promise<{ id: string; acsUrl: string; issuer: string }> {
  const xml = (await promisify(inflateRaw)(Buffer.from(samlRequest, 'base64'))).toString('utf8');
  const attr = (name: string) => xml.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1] ?? '';
  return {
    id: attr('ID'),
    acsUrl: attr('AssertionConsumerServiceURL'),
    issuer: xml.match(/Issuer[^>]*>([^<]*)</)?.[1] ?? '',
  };
}

export class TestIdp {
  readonly entityId: string;
  readonly ssoUrl: string;

  constructor(
    readonly baseUrl: string,
    readonly sp: { entityId: string; callbackUrl: string },
  ) {
    this.entityId = `${baseUrl}/metadata`;
    this.ssoUrl = `${baseUrl}/sso`;
  }

  /** A login response signed for real (base64, as the HTTP-POST binding carries it). */
  async response(options: ResponseOptions): Promise<string> {
    const keys = TEST_KEYS[options.key ?? 'signing'];
    const idp = samlify.IdentityProvider({
      entityID: options.issuer ?? this.entityId,
      privateKey: keys.key,
      signingCert: keys.cert,
      singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: this.ssoUrl }],
      singleLogoutService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${this.baseUrl}/slo` }],
      nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified'],
      requestSignatureAlgorithm: SIGNATURE_ALGORITHMS[options.algorithm ?? 'rsa-sha256'],
    });
    const sp = samlify.ServiceProvider({
      entityID: this.sp.entityId,
      assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: this.sp.callbackUrl }],
      wantAssertionsSigned: options.signAssertion ?? true,
      wantMessageSigned: options.signResponse ?? true,
    });
    const now = Date.now();
    const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
    const user = options.user;
    const responseId = newXmlId();
    const base: Record<string, string> = {
      ID: responseId,
      AssertionID: options.assertionId ?? newXmlId(),
      Destination: options.destination ?? this.sp.callbackUrl,
      Audience: options.audience ?? this.sp.entityId,
      SubjectRecipient: options.recipient ?? this.sp.callbackUrl,
      Issuer: options.issuer ?? this.entityId,
      IssueInstant: at(0),
      StatusCode: samlify.Constants.StatusCode.Success,
      ConditionsNotBefore: at(options.notBeforeSeconds ?? 0),
      ConditionsNotOnOrAfter: at(options.notOnOrAfterSeconds ?? 300),
      SubjectConfirmationDataNotOnOrAfter: at(options.notOnOrAfterSeconds ?? 300),
    };
    const values: Record<string, string> = {
      ...base,
      NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
      NameID: user.userId,
      InResponseTo: options.requestId,
    };
    // The statements are XML: put in as they are (replaceTagsByValue escapes what it puts in, rightly for values).
    const xmlParts: Record<string, string> = {
      AuthnStatement: `<saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="${newXmlId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
      AttributeStatement: attributeStatement({
        userId: user.userId,
        username: user.username,
        authority: user.authority,
        region: user.region,
        shop_no: user.shop_no,
        shop_name: user.shop_name,
        ...options.attributes,
      }),
    };
    const result = await idp.createLoginResponse(
      sp,
      { extract: { request: { id: options.requestId } } },
      'post',
      {},
      {
        customTagReplacement: (template: string) => ({
          id: responseId,
          context: samlify.SamlLib.replaceTagsByValue(
            template
              .replace('{AuthnStatement}', xmlParts.AuthnStatement ?? '')
              .replace('{AttributeStatement}', xmlParts.AttributeStatement ?? ''),
            values,
          ),
        }),
      },
    );
    return (result as { context: string }).context;
  }

  /** The provider's metadata (for an SP administrator; the server is configured by environment variables). */
  metadata(): string {
    return `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${this.entityId}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"><md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${TEST_KEYS.signing.cert.replace(/-----[^-]+-----|\s/g, '')}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor><md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${this.ssoUrl}"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
  }
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeXml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:520px;margin:48px auto;padding:0 16px}button{display:block;width:100%;margin:8px 0;padding:10px;font-size:15px;text-align:left;cursor:pointer}small{color:#666}</style></head><body>${body}</body></html>`;

function loginPage(request: { samlRequest: string; relayState: string }): string {
  const buttons = IDP_USERS.map(
    (user) =>
      `<button type="submit" name="user" value="${escapeXml(user.userId)}">Sign in as ${escapeXml(user.username)} <small>(${escapeXml(user.authority || 'no role')}${user.region ? `, ${user.region}` : ''}${user.shop_no ? ` ${user.shop_no}` : ''})</small></button>`,
  ).join('');
  return page(
    'Test identity provider',
    `<h1>Test identity provider</h1><p>For tests and local trials only. Choose who signs in:</p><form method="post" action="/login"><input type="hidden" name="SAMLRequest" value="${escapeXml(request.samlRequest)}"><input type="hidden" name="RelayState" value="${escapeXml(request.relayState)}">${buttons}</form>`,
  );
}

function postForm(action: string, samlResponse: string, relayState: string): string {
  return page(
    'Signing in',
    `<form id="saml" method="post" action="${escapeXml(action)}"><input type="hidden" name="SAMLResponse" value="${escapeXml(samlResponse)}"><input type="hidden" name="RelayState" value="${escapeXml(relayState)}"><noscript><button type="submit">Continue</button></noscript></form><script>document.getElementById('saml').submit()</script>`,
  );
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Serves the provider over HTTP: GET /sso (the AuthnRequest, HTTP-Redirect) shows the login page,
 * POST /login answers with a form that posts the signed response to the service provider,
 * GET /metadata and GET /cert.pem describe it.
 */
export async function startTestIdp(options: {
  port: number;
  host?: string;
  sp: { entityId: string; callbackUrl: string };
}): Promise<{ idp: TestIdp; url: string; close: () => Promise<void> }> {
  const host = options.host ?? '127.0.0.1';
  let idp: TestIdp | undefined;
  const server = http.createServer(async (request, response) => {
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
      response.end(body);
    };
    try {
      if (!idp) return send(503, 'text/plain', 'starting');
      const url = new URL(request.url ?? '/', idp.baseUrl);
      if (request.method === 'GET' && url.pathname === '/sso') {
        const samlRequest = url.searchParams.get('SAMLRequest') ?? '';
        await readAuthnRequest(samlRequest);
        return send(200, 'text/html', loginPage({ samlRequest, relayState: url.searchParams.get('RelayState') ?? '' }));
      }
      if (request.method === 'POST' && url.pathname === '/login') {
        const form = await readForm(request);
        const authn = await readAuthnRequest(form.get('SAMLRequest') ?? '');
        const user = IDP_USERS.find((u) => u.userId === form.get('user'));
        if (!user || !authn.id) return send(400, 'text/plain', 'Unknown user or AuthnRequest');
        const samlResponse = await idp.response({ requestId: authn.id, user });
        return send(200, 'text/html', postForm(idp.sp.callbackUrl, samlResponse, form.get('RelayState') ?? ''));
      }
      if (request.method === 'GET' && url.pathname === '/metadata') return send(200, 'application/xml', idp.metadata());
      if (request.method === 'GET' && url.pathname === '/cert.pem') {
        return send(200, 'application/x-pem-file', TEST_KEYS.signing.cert);
      }
      return send(404, 'text/plain', 'Not found');
    } catch (error) {
      return send(400, 'text/plain', error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
  idp = new TestIdp(url, options.sp);
  return {
    idp,
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
