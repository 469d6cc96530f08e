import { randomBytes } from 'node:crypto';
import type { CacheProvider, Profile, SAML } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import type { SsoConfig } from '../../config';
import type { Database } from '../../db/client';
import { deleteRequest, findLiveRequest, insertRequest } from './repo';

/** How long a sign-in may take between 'For FR Group' and the identity provider's answer. */
export const REQUEST_LIFETIME_MS = 10 * 60 * 1000;

/**
 * node-saml's request-ID cache in the database (its own is in memory, one per process): every
 * server process behind a load balancer sees the requests the others sent. One per sign-in step:
 * on start it stores the request with the hash of the browser's state cookie; on the answer it
 * remembers which request was answered and whether this process was the one that used it up.
 */
export class DatabaseRequestCache implements CacheProvider {
  /** The request the answer named, as found (its state hash ties the token to the browser). */
  found: { id: string; stateHash: string } | undefined;
  /** The request IDs this process deleted itself: a concurrent copy of the answer finds none. */
  readonly claimed = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly stateHash = '',
  ) {}

  async saveAsync(key: string, value: string) {
    const now = new Date();
    await insertRequest(this.db, {
      id: key,
      value,
      stateHash: this.stateHash,
      expiresAt: new Date(now.getTime() + REQUEST_LIFETIME_MS),
    });
    return { value, createdAt: now.getTime() };
  }

  async getAsync(key: string) {
    const row = await findLiveRequest(this.db, key, new Date());
    if (!row) return null;
    this.found ??= { id: row.id, stateHash: row.stateHash };
    return row.value;
  }

  async removeAsync(key: string | null) {
    if (key === null) return null;
    if (await deleteRequest(this.db, key)) this.claimed.add(key);
    return key;
  }
}

/** A request ID: an XML ID (NCName), 160 random bits. */
export function newRequestId(): string {
  return `_${randomBytes(20).toString('hex')}`;
}

/**
 * node-saml set up as the spec needs: HTTP-Redirect AuthnRequests to the configured provider; answers
 * must carry a signed assertion (and a signed Response unless SSO_WANT_RESPONSE_SIGNED=false) verified
 * against the configured certificates, name this server as audience, be within their validity with
 * the stated clock skew, and answer a request this server sent (InResponseTo 'always').
 */
export async function samlFor(sso: SsoConfig, cache: CacheProvider): Promise<SAML> {
  // Loaded at the first single sign-on, not with the server's modules: node-saml and its XML signature
  // and crypto packages took about 165 ms of every start (issue 15 item 5), most installations use none.
  const { SAML, ValidateInResponseTo } = await import('@node-saml/node-saml');
  return new SAML({
    entryPoint: sso.idpSsoUrl,
    idpCert: sso.idpCerts,
    issuer: sso.spEntityId,
    audience: sso.spEntityId,
    callbackUrl: sso.callbackUrl,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: sso.wantResponseSigned,
    acceptedClockSkewMs: sso.clockSkewMs,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_LIFETIME_MS,
    cacheProvider: cache,
    generateUniqueId: newRequestId,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** xmldsig algorithm URIs of SHA-1: rsa-sha1, dsa-sha1, hmac-sha1, ecdsa-sha1 signatures and the sha1 digest. */
const SHA1_ALGORITHM = /[#-]sha1$/i;

/**
 * The SHA-1 algorithms named by any signature in the response (SignatureMethod and DigestMethod of
 * every Signature, the Response's and the assertion's alike), parsed as xml-crypto parses it. node-saml
 * verifies SHA-1 signatures like any other; the caller refuses them unless SSO_ALLOW_SHA1.
 */
export function sha1AlgorithmsIn(samlResponseXml: string): string[] {
  const document = new DOMParser().parseFromString(samlResponseXml, 'text/xml');
  const found = new Set<string>();
  for (const name of ['SignatureMethod', 'DigestMethod']) {
    const elements = document.getElementsByTagNameNS('*', name);
    for (let i = 0; i < elements.length; i++) {
      const algorithm = elements.item(i)?.getAttribute('Algorithm')?.trim() ?? '';
      if (SHA1_ALGORITHM.test(algorithm)) found.add(algorithm);
    }
  }
  return [...found];
}

type XmlNode = { [key: string]: XmlNode[] | Record<string, string> | string | undefined; $?: Record<string, string> };

function first(node: XmlNode | undefined, name: string): XmlNode | undefined {
  const list = node?.[name];
  return Array.isArray(list) ? list[0] : undefined;
}

function all(node: XmlNode | undefined, name: string): XmlNode[] {
  const list = node?.[name];
  return Array.isArray(list) ? list : [];
}

export type AssertionFacts = { id: string; issuer: string; expiresAt: Date | undefined };

/**
 * Checks node-saml leaves to its caller, on the verified assertion and the response: the Response's
 * Destination and every bearer confirmation's Recipient must be this server's callback URL, the
 * issuer the configured one (when set). Returns what the replay store needs. Throws on any mismatch.
 */
export function checkAssertion(sso: SsoConfig, profile: Profile, samlResponseXml: string): AssertionFacts {
  const document = new DOMParser().parseFromString(samlResponseXml, 'text/xml');
  const root = document.documentElement;
  if (root?.localName !== 'Response') throw new Error('not a SAML Response');
  const destination = root.getAttribute('Destination');
  if (destination !== sso.callbackUrl) throw new Error(`Destination '${destination}' is not ${sso.callbackUrl}`);

  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  const id = assertion?.$?.ID;
  if (!assertion || !id) throw new Error('assertion without ID');
  const issuer = profile.issuer ?? '';
  if (sso.idpEntityId !== undefined && issuer !== sso.idpEntityId) {
    throw new Error(`Issuer '${issuer}' is not ${sso.idpEntityId}`);
  }
  const confirmations = all(first(assertion, 'Subject'), 'SubjectConfirmation');
  if (confirmations.length === 0) throw new Error('assertion without SubjectConfirmation');
  const ends: number[] = [];
  for (const confirmation of confirmations) {
    const data = first(confirmation, 'SubjectConfirmationData')?.$;
    if (data?.Recipient !== sso.callbackUrl)
      throw new Error(`Recipient '${data?.Recipient}' is not ${sso.callbackUrl}`);
    if (data.NotOnOrAfter) ends.push(Date.parse(data.NotOnOrAfter));
  }
  const conditionsEnd = first(assertion, 'Conditions')?.$?.NotOnOrAfter;
  if (conditionsEnd) ends.push(Date.parse(conditionsEnd));
  const valid = ends.filter((end) => Number.isFinite(end));
  return {
    id,
    issuer,
    expiresAt: valid.length > 0 ? new Date(Math.max(...valid) + sso.clockSkewMs) : undefined,
  };
}
