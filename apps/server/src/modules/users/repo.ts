import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures, users } from '../../db/schema';

/** A SQL boolean: the first account exists (the health check's readiness reads it in its own round trip). */
export const anyUserSql = sql<boolean>`exists (select 1 from ${users})`;

/** More than any throttle limit; bounds the scan even under a burst of concurrent failures. */
const FAILURE_SCAN_LIMIT = 200;

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserByUserId(db: Database, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userId, userId)).limit(1);
  return row;
}

export async function listUsers(db: Database): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.userId));
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Inserts a user; undefined when the user_id is taken (no exception, so callers can answer 409). */
export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.userId }).returning();
  return row;
}

export async function updatePasswordHash(db: Database, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function deleteUser(db: Database, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** When this key failed since a moment, newest first; bounded, as no limit counts further. */
export async function recentLoginFailureTimes(db: Database, key: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gte(loginFailures.at, since)))
    .orderBy(desc(loginFailures.at))
    .limit(FAILURE_SCAN_LIMIT);
  return rows.map((row) => row.at);
}

export async function recordLoginFailures(db: Database, keys: string[], at: Date): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ key, at })));
}

export async function clearLoginFailures(db: Database, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

export async function purgeLoginFailures(db: Database, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, before));
}
