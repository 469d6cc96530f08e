import { isCountry, isRegionBound, isShopBound, ROLES, STORE_CODE_PATTERN, type TUserInfo } from '@signage/domain';
import { z } from 'zod';
import { recordAudit } from '../../audit/repo';
import { hashPassword } from '../../auth/passwords';
import { deleteSessionsOfUser } from '../../auth/repo';
import { toUserInfo } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/envelope';
import { countUsers, deleteUser, findUserByUserId, insertUser, listUsers, updatePasswordHash } from './repo';
import { NO_PASSWORD } from './sso';

/**
 * Account management for administrators (the CLI, directly or through the server's admin socket,
 * and the first-start bootstrap). The same functions and the same validation on every path.
 */

export const MIN_PASSWORD_LENGTH = 8;

// IDs travel in URL paths (/api/users/{userId}/auth), so they keep to characters that need no escaping.
const ZAdminUserId = z
  .string({ error: '--id is required' })
  .trim()
  .min(1, '--id is required')
  .max(128, 'ID is too long (at most 128 characters)')
  .regex(/^[A-Za-z0-9._@-]+$/, 'ID may only contain letters, digits and . _ @ -');

const ZNewPassword = z
  .string({ error: 'A password is required (--password or --password-stdin)' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024, 'Password is too long (at most 1024 characters)');

export const ZAddUser = z
  .object({
    userId: ZAdminUserId,
    role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` }),
    name: z.string().trim().max(200, 'Name is too long (at most 200 characters)').optional(),
    region: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isCountry, 'Region must be a known country code (for example JP, US, GB)')
      .optional(),
    shopNo: z.string().trim().regex(STORE_CODE_PATTERN, 'Shop number must be 4 digits').optional(),
    shopName: z.string().trim().max(200, 'Shop name is too long (at most 200 characters)').optional(),
    password: ZNewPassword.optional(),
    /** A single sign-on user: no password (SSO never signs in as a local password account). */
    ssoOnly: z.boolean().optional(),
  })
  .superRefine((user, ctx) => {
    if (user.ssoOnly && user.password !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Give either a password or --sso-only, not both' });
    }
    if (!user.ssoOnly && user.password === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'A password is required (--password or --password-stdin), or --sso-only for a single sign-on user',
      });
    }
    // Region-bound roles see only their region (SPEC.md section 6); without one they would see nothing.
    if (isRegionBound(user.role) && !user.region) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: `Role ${user.role} needs --region` });
    }
    if (isShopBound(user.role) && !user.shopNo) {
      ctx.addIssue({ code: 'custom', path: ['shopNo'], message: `Role ${user.role} needs --shop-no (its store code)` });
    }
  });
export type TAddUser = z.input<typeof ZAddUser>;

export const ZChangePassword = z.object({ userId: ZAdminUserId, password: ZNewPassword });
export const ZRemoveUser = z.object({ userId: ZAdminUserId });

export type AdminUserView = TUserInfo & { created_at: string };

/** Validates admin input; the first problem becomes a 400 with a message for people. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid input');
  return result.data;
}

export type Actor = { actor: string; via?: string };

export async function addUser(db: Database, input: unknown, { actor, via }: Actor): Promise<AdminUserView> {
  const user = parseInput(ZAddUser, input);
  const row = await insertUser(db, {
    userId: user.userId,
    username: user.name || user.userId,
    passwordHash: user.ssoOnly || user.password === undefined ? NO_PASSWORD : await hashPassword(user.password),
    authority: user.role,
    region: user.region ?? '',
    shopNo: user.shopNo ?? '',
    shopName: user.shopName ?? '',
  });
  if (!row) throw new HttpError(409, `User ${user.userId} already exists`);
  await recordAudit(db, {
    actor,
    action: 'user.add',
    target: user.userId,
    region: user.region ?? '',
    detail: { role: user.role, via, ...(user.ssoOnly ? { sso_only: true } : {}) },
  });
  return { ...toUserInfo(row), created_at: row.createdAt.toISOString() };
}

export async function listAllUsers(db: Database): Promise<AdminUserView[]> {
  const rows = await listUsers(db);
  return rows.map((row) => ({ ...toUserInfo(row), created_at: row.createdAt.toISOString() }));
}

async function existing(db: Database, userId: string) {
  const row = await findUserByUserId(db, userId);
  if (!row) throw new HttpError(404, `User ${userId} does not exist`);
  return row;
}

/** Sets a new password and ends the user's sessions, so a leaked password stops working everywhere. */
export async function changePassword(
  db: Database,
  input: unknown,
  { actor, via }: Actor,
): Promise<{ sessionsEnded: number }> {
  const { userId, password } = parseInput(ZChangePassword, input);
  const row = await existing(db, userId);
  const passwordHash = await hashPassword(password);
  const sessionsEnded = await db.transaction(async (tx) => {
    await updatePasswordHash(tx, row.id, passwordHash);
    return deleteSessionsOfUser(tx, row.id);
  });
  await recordAudit(db, { actor, action: 'user.passwd', target: userId, detail: { via } });
  return { sessionsEnded };
}

export async function removeUser(
  db: Database,
  input: unknown,
  { actor, via }: Actor,
): Promise<{ sessionsEnded: number }> {
  const { userId } = parseInput(ZRemoveUser, input);
  const row = await existing(db, userId);
  const sessionsEnded = await db.transaction(async (tx) => {
    const ended = await deleteSessionsOfUser(tx, row.id);
    await deleteUser(tx, row.id);
    return ended;
  });
  await recordAudit(db, { actor, action: 'user.remove', target: userId, detail: { sessionsEnded, via } });
  return { sessionsEnded };
}

export const BOOTSTRAP_ADMIN_ID = 'admin';

/**
 * On first start (no users at all) creates the DS_FRIT user `admin` with the given password.
 * `created` tells the caller whether to show the password. Safe when several servers start
 * at once on one PostgreSQL: only one insert wins. `passwordHash`: that password's hash when begun in
 * advance (a first start, server.ts); the password is checked all the same.
 */
export async function bootstrapAdmin(
  db: Database,
  password: string,
  passwordHash?: Promise<string>,
): Promise<{ created: boolean }> {
  if ((await countUsers(db)) > 0) return { created: false };
  const valid = parseInput(ZNewPassword, password);
  const row = await insertUser(db, {
    userId: BOOTSTRAP_ADMIN_ID,
    username: 'Administrator',
    passwordHash: await (passwordHash ?? hashPassword(valid)),
    authority: 'DS_FRIT',
  });
  if (row) await recordAudit(db, { actor: 'system', action: 'user.bootstrap', target: BOOTSTRAP_ADMIN_ID });
  return { created: row !== undefined };
}
