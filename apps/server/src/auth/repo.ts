import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { sessions, users } from '../db/schema';

export type SessionRow = {
  sessionId: string;
  expiresAt: Date;
  lastSeenAt: Date;
  user: typeof users.$inferSelect;
};

export async function insertSession(db: Database, row: { id: string; userPk: string; expiresAt: Date }) {
  await db.insert(sessions).values(row);
}

// Every guarded request runs this query (see preparedPerDatabase).
const liveSessionQuery = preparedPerDatabase((db) =>
  db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userPk))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_live_session'),
);

/** The live session with this token hash and its user, or undefined when missing or expired. */
export async function findLiveSession(db: Database, id: string, now: Date): Promise<SessionRow | undefined> {
  const [row] = await liveSessionQuery(db).execute({ id, now: now.toISOString() });
  return row;
}

export async function touchSession(db: Database, id: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user; returns how many there were. */
export async function deleteSessionsOfUser(db: Database, userPk: string): Promise<number> {
  const deleted = await db.delete(sessions).where(eq(sessions.userPk, userPk)).returning({ id: sessions.id });
  return deleted.length;
}

export async function deleteExpiredSessions(db: Database, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
