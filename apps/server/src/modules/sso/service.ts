import { randomBytes } from 'node:crypto';
import type { Profile } from '@node-saml/node-saml';
import {
  isCountry,
  isRegionBound,
  isShopBound,
  isValidStoreCode,
  MESSAGES,
  type MessageKey,
  ROLES,
  type Role,
  type TUserInfo,
} from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import { endSession, hashToken, startSession } from '../../auth/sessions';
import { sha256 } from '../../blob';
import type { SsoConfig } from '../../config';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/envelope';
import { type SsoIdentity, userForSso, userInfoByPk } from '../users';
import { deleteRequest, insertToken, purgeExpired, recordAssertion, takeToken } from './repo';
import { checkAssertion, DatabaseRequestCache, samlFor, sha1AlgorithmsIn } from './saml';

/** How long the one-time token between the provider's post and the console's exchange lives. */
export const TOKEN_LIFETIME_MS = 60 * 1000;
/** Replay records of assertions without an end time are kept this long. */
const ASSERTION_RECORD_FALLBACK_MS = 24 * 60 * 60 * 1000;
/** User IDs travel in URL paths (/api/users/{userId}/auth): the same characters as accounts made by the CLI. */
const USER_ID = /^[A-Za-z0-9._@-]{1,128}$/;

/**
 * A refused single sign-on: `key` is the catalogue message the person sees (the console shows it in the
 * login strip), `detail` what the log gets. Forged and altered answers all get the same 'ssoFailed'.
 */
export class SsoRefusal extends Error {
  constructor(
    readonly key: MessageKey,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'SsoRefusal';
  }
}

/** A refusal in the audit log, for the administrator asked why somebody cannot sign in. */
export async function recordRefusal(db: Database, refusal: SsoRefusal, address: string): Promise<void> {
  await recordAudit(db, {
    actor: 'sso',
    action: 'user.sso_refused',
    detail: { reason: refusal.key, detail: refusal.detail.slice(0, 500), address },
  });
}

export function requireSso(sso: SsoConfig | undefined): SsoConfig {
  if (!sso) throw new HttpError(503, MESSAGES.ssoNotConfigured);
  return sso;
}

/** sha256 of the browser's state cookie: ties request, token and exchange to the browser that started. */
export function stateHashOf(state: string): string {
  return sha256(`sso-state:${state}`);
}

/** The identity provider's login address for a new AuthnRequest, and the state the browser keeps. */
export async function startSignOn(db: Database, sso: SsoConfig): Promise<{ url: string; state: string }> {
  await purgeExpired(db, new Date());
  const state = randomBytes(32).toString('base64url');
  const saml = await samlFor(sso, new DatabaseRequestCache(db, stateHashOf(state)));
  const url = await saml.getAuthorizeUrlAsync('', undefined, {});
  return { url, state };
}

function attribute(profile: Profile, name: string): string[] {
  if (name === 'NameID') return profile.nameID ? [profile.nameID] : [];
  const value = (profile.attributes as Record<string, unknown> | undefined)?.[name];
  const values = Array.isArray(value) ? value : [value];
  return values.filter((v): v is string => typeof v === 'string').map((v) => v.trim());
}

/** Maps the assertion's attributes (names from SSO_ATTR_*) to a user; refuses without exactly one valid role. */
export function identityOf(sso: SsoConfig, profile: Profile): SsoIdentity {
  const names = sso.attributes;
  const one = (name: string) => attribute(profile, name)[0] ?? '';
  const userId = one(names.userId);
  const roles = [...new Set(attribute(profile, names.authority))].filter((r): r is Role =>
    (ROLES as readonly string[]).includes(r),
  );
  if (roles.length !== 1 || !roles[0]) {
    throw new SsoRefusal('ssoNoRole', `user '${userId}': roles ${JSON.stringify(attribute(profile, names.authority))}`);
  }
  const authority = roles[0];
  const region = one(names.region).toUpperCase();
  const shopNo = one(names.shopNo);
  if (!USER_ID.test(userId)) throw new SsoRefusal('ssoIncompleteProfile', `user ID '${userId}' is missing or invalid`);
  if (region !== '' && !isCountry(region)) throw new SsoRefusal('ssoIncompleteProfile', `unknown region '${region}'`);
  if (isRegionBound(authority) && region === '') {
    throw new SsoRefusal('ssoIncompleteProfile', `role ${authority} without region`);
  }
  if (shopNo !== '' && !isValidStoreCode(shopNo)) throw new SsoRefusal('ssoIncompleteProfile', `shop_no '${shopNo}'`);
  if (isShopBound(authority) && shopNo === '') {
    throw new SsoRefusal('ssoIncompleteProfile', `role ${authority} without shop_no`);
  }
  return {
    userId,
    username: one(names.username).slice(0, 200) || userId,
    authority,
    region,
    shopNo,
    shopName: one(names.shopName).slice(0, 200),
  };
}

/**
 * The identity provider's answer: validated (node-saml plus the checks in checkAssertion), the request
 * it answers used up and the assertion recorded (both in the database, so a copy sent to another
 * process is refused too), the user found or created, and a one-time token for the console returned.
 */
export async function completeSignOn(db: Database, sso: SsoConfig, samlResponse: string): Promise<string> {
  const now = new Date();
  const cache = new DatabaseRequestCache(db);
  const saml = await samlFor(sso, cache);
  let facts: ReturnType<typeof checkAssertion>;
  let profile: Profile;
  let sha1: string[];
  try {
    const result = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!result.profile) throw new Error('no assertion in the response');
    profile = result.profile;
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    facts = checkAssertion(sso, profile, xml);
    sha1 = sha1AlgorithmsIn(xml);
  } catch (error) {
    if (cache.found) await cache.removeAsync(cache.found.id);
    throw new SsoRefusal('ssoFailed', error instanceof Error ? error.message : String(error));
  }
  // Checked once the answer verified, so forged answers still all get 'ssoFailed'; the request is used up.
  if (sha1.length > 0 && !sso.allowSha1) {
    if (cache.found) await cache.removeAsync(cache.found.id);
    throw new SsoRefusal('ssoWeakSignature', `SHA-1 refused (SSO_ALLOW_SHA1 is off): ${sha1.join(', ')}`);
  }
  const request = cache.found;
  if (!request) throw new SsoRefusal('ssoFailed', 'no request matched');

  // Used once: the request (whoever deletes it wins) and the assertion ID (whoever records it wins). Only
  // the copy that claimed the request records the assertion: when two copies of one answer arrive at once,
  // one may claim the request while the other records the assertion first, and both were refused.
  const fresh = await db.transaction(async (tx) => {
    const claimed = cache.claimed.has(request.id) || (await deleteRequest(tx, request.id));
    if (!claimed) return { claimed, recorded: false };
    const expiresAt = facts.expiresAt ?? new Date(now.getTime() + ASSERTION_RECORD_FALLBACK_MS);
    const recorded = await recordAssertion(tx, hashToken(`${facts.issuer}\n${facts.id}`), expiresAt);
    return { claimed, recorded };
  });
  if (!fresh.claimed) throw new SsoRefusal('ssoFailed', `request ${request.id} already answered`);
  if (!fresh.recorded) throw new SsoRefusal('ssoFailed', `assertion ${facts.id} replayed`);

  const identity = identityOf(sso, profile);
  return db.transaction(async (tx) => {
    const found = await userForSso(tx, identity, { create: sso.provisioning === 'create', issuer: facts.issuer });
    if (found === 'unknown')
      throw new SsoRefusal('ssoUnknownUser', `user '${identity.userId}' does not exist (SSO_PROVISIONING=existing)`);
    if (found === 'password-account') {
      throw new SsoRefusal(
        'ssoLocalAccount',
        `user '${identity.userId}' is a local password account: not signed in, not changed`,
      );
    }
    const user = found;
    const token = randomBytes(32).toString('base64url');
    await insertToken(tx, {
      id: hashToken(token),
      userPk: user.id,
      stateHash: request.stateHash,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
    });
    return token;
  });
}

/**
 * The console's exchange of the one-time token: once, before it expires, from the browser whose state
 * cookie started the sign-in. Opens a session like a password sign-in (replacing the one the browser had).
 */
export async function exchangeToken(
  db: Database,
  input: { token: string; state: string | undefined; previousToken: string | undefined; address: string },
): Promise<{ user: TUserInfo; token: string }> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const row = await takeToken(tx, hashToken(input.token));
    const sameBrowser = row !== undefined && input.state !== undefined && stateHashOf(input.state) === row.stateHash;
    if (!row || row.expiresAt <= now || !sameBrowser) throw new HttpError(400, MESSAGES.ssoExpired);
    const user = await userInfoByPk(tx, row.userPk);
    if (!user) throw new HttpError(400, MESSAGES.ssoExpired);
    if (input.previousToken) await endSession(tx, hashToken(input.previousToken));
    await recordAudit(tx, {
      actor: user.userId,
      action: 'user.login',
      region: user.region,
      detail: { address: input.address, via: 'sso' },
    });
    return { user, token: await startSession(tx, row.userPk, now) };
  });
}

/** The service provider metadata an identity provider administrator imports. */
export async function metadataOf(sso: SsoConfig): Promise<string> {
  return (await samlFor(sso, NO_CACHE)).generateServiceProviderMetadata(null, null);
}

/** Metadata needs no request cache. */
const NO_CACHE = {
  saveAsync: async () => null,
  getAsync: async () => null,
  removeAsync: async () => null,
};
