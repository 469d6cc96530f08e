import type { Role, TUserInfo } from '@signage/domain';
import { eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../audit/repo';
import { toUserInfo } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { findUserByUserId, insertUser, type UserRow } from './repo';

/**
 * The password hash of users created by single sign-on: not an scrypt hash, so no password ever
 * matches it (verifyPassword answers false); such users sign in through the identity provider only.
 */
export const NO_PASSWORD = 'sso-only';

/** A local account: one with a password (made with the CLI). Single sign-on never signs in as it nor changes it. */
export const isPasswordAccount = (row: Pick<UserRow, 'passwordHash'>) => row.passwordHash !== NO_PASSWORD;

/** What the identity provider says about a user, already checked (role, region, store). */
export type SsoIdentity = {
  userId: string;
  username: string;
  authority: Role;
  region: string;
  shopNo: string;
  shopName: string;
};

/**
 * The user an identity provider's assertion signs in. The provider is the source of truth for the users
 * it made: an existing single sign-on user gets the name, role, region and store of the assertion; a new
 * one is created when `create` (provisioning policy 'create'), else 'unknown'. A local password account
 * (such as the vendor's `admin`) is never signed in as nor changed: 'password-account' (issue 30 item 7).
 * Call inside the sign-in transaction.
 */
export async function userForSso(
  db: Database,
  identity: SsoIdentity,
  { create, issuer }: { create: boolean; issuer: string },
): Promise<UserRow | 'unknown' | 'password-account'> {
  const values = {
    username: identity.username,
    authority: identity.authority,
    region: identity.region,
    shopNo: identity.shopNo,
    shopName: identity.shopName,
  };
  let row = await findUserByUserId(db, identity.userId);
  if (!row && create) {
    row = await insertUser(db, { userId: identity.userId, passwordHash: NO_PASSWORD, ...values });
    // Two first sign-ins at once: the other one created the row.
    if (row) {
      await recordAudit(db, {
        actor: identity.userId,
        action: 'user.add',
        target: identity.userId,
        region: row.region,
        detail: { role: identity.authority, via: 'sso', issuer },
      });
      return row;
    }
    row = await findUserByUserId(db, identity.userId);
  }
  if (!row) return 'unknown';
  if (isPasswordAccount(row)) return 'password-account';
  const changed = (Object.keys(values) as (keyof typeof values)[]).some((key) => row[key] !== values[key]);
  if (!changed) return row;
  const [updated] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, row.id))
    .returning();
  return updated ?? 'unknown';
}

/** The user info of a user by primary key (undefined once deleted). */
export async function userInfoByPk(db: Database, pk: string): Promise<TUserInfo | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, pk)).limit(1);
  return row ? toUserInfo(row) : undefined;
}

/** Users by their row ids, as user info with the id (the alerts' evaluation checks each subscriber's role and region). */
export async function userInfosByPk(db: Database, pks: readonly string[]): Promise<Map<string, TUserInfo>> {
  if (pks.length === 0) return new Map();
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...pks]));
  return new Map(rows.map((row) => [row.id, toUserInfo(row)]));
}
