import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ssoAssertions, ssoRequests, ssoTokens } from '../../db/schema';

/** The SQL of the sso module's tables: request IDs sent, assertion IDs accepted, one-time tokens. */

export async function insertRequest(
  db: Database,
  row: { id: string; value: string; stateHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(ssoRequests).values(row);
}

export async function findLiveRequest(db: Database, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(ssoRequests)
    .where(and(eq(ssoRequests.id, id), gt(ssoRequests.expiresAt, now)))
    .limit(1);
  return row;
}

/** Deletes a request ID; true when this call deleted it (so only one process can use it). */
export async function deleteRequest(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(ssoRequests).where(eq(ssoRequests.id, id)).returning({ id: ssoRequests.id });
  return rows.length > 0;
}

/** Records an accepted assertion; false when it was recorded before (a replay), by any process. */
export async function recordAssertion(db: Database, id: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(ssoAssertions)
    .values({ id, expiresAt })
    .onConflictDoNothing({ target: ssoAssertions.id })
    .returning({ id: ssoAssertions.id });
  return rows.length > 0;
}

export async function insertToken(
  db: Database,
  row: { id: string; userPk: string; stateHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(ssoTokens).values(row);
}

/** Takes a token out (one use): the row, or undefined when unknown or already taken. */
export async function takeToken(db: Database, id: string) {
  const [row] = await db.delete(ssoTokens).where(eq(ssoTokens.id, id)).returning();
  return row;
}

/** Removes what can no longer be used; assertions stay until they would have expired anyway. */
export async function purgeExpired(db: Database, now: Date): Promise<void> {
  await db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, now));
  await db.delete(ssoTokens).where(lt(ssoTokens.expiresAt, now));
  await db.delete(ssoAssertions).where(lt(ssoAssertions.expiresAt, now));
}
