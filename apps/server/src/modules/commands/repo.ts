import { COMMANDS_LISTED, SCREENSHOTS_KEPT } from '@signage/domain';
import { and, asc, desc, eq, gt, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deviceCommands, deviceScreenshots } from '../../db/schema';

export type CommandRow = typeof deviceCommands.$inferSelect;
export type ScreenshotRow = typeof deviceScreenshots.$inferSelect;

export async function insertCommand(
  db: Database,
  values: { deviceCode: string; kind: string; requestedBy: string; requestedAt: Date },
): Promise<CommandRow> {
  const [row] = await db.insert(deviceCommands).values(values).returning();
  if (!row) throw new Error('commands: the insert returned no row');
  return row;
}

/** A player's latest commands, newest first. */
export async function latestCommands(db: Database, deviceCode: string): Promise<CommandRow[]> {
  return db
    .select()
    .from(deviceCommands)
    .where(eq(deviceCommands.deviceCode, deviceCode))
    .orderBy(desc(deviceCommands.requestedAt), desc(deviceCommands.commandId))
    .limit(COMMANDS_LISTED);
}

/** The player's commands still pending and asked after `since`, oldest first. */
export async function pendingCommands(db: Database, deviceCode: string, since: Date): Promise<CommandRow[]> {
  return db
    .select()
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.deviceCode, deviceCode),
        eq(deviceCommands.state, 'pending'),
        gt(deviceCommands.requestedAt, since),
      ),
    )
    .orderBy(asc(deviceCommands.requestedAt));
}

export async function findCommand(db: Database, deviceCode: string, commandId: string) {
  const [row] = await db
    .select()
    .from(deviceCommands)
    .where(and(eq(deviceCommands.deviceCode, deviceCode), eq(deviceCommands.commandId, commandId)));
  return row;
}

/** Records the player's answer to a command not answered yet; answers the row as it is then (undefined: none). */
export async function answerCommandRow(
  db: Database,
  deviceCode: string,
  commandId: string,
  answer: { state: 'done' | 'failed'; message: string | null; screenshotId?: string; at: Date },
): Promise<CommandRow | undefined> {
  const [row] = await db
    .update(deviceCommands)
    .set({
      state: answer.state,
      message: answer.message,
      answeredAt: answer.at,
      ...(answer.screenshotId ? { screenshotId: answer.screenshotId } : {}),
    })
    .where(
      and(
        eq(deviceCommands.deviceCode, deviceCode),
        eq(deviceCommands.commandId, commandId),
        eq(deviceCommands.state, 'pending'),
      ),
    )
    .returning();
  return row ?? findCommand(db, deviceCode, commandId);
}

export async function insertScreenshot(
  db: Database,
  values: {
    screenshotId: string;
    deviceCode: string;
    size: number;
    blobKey: string;
    error: string | null;
    commandId: string | null;
    takenAt: Date;
  },
): Promise<void> {
  await db.insert(deviceScreenshots).values(values);
}

/** A player's kept screenshots, newest first. */
export async function latestScreenshots(db: Database, deviceCode: string): Promise<ScreenshotRow[]> {
  return db
    .select()
    .from(deviceScreenshots)
    .where(eq(deviceScreenshots.deviceCode, deviceCode))
    .orderBy(desc(deviceScreenshots.takenAt), desc(deviceScreenshots.screenshotId))
    .limit(SCREENSHOTS_KEPT);
}

/** Deletes the player's screenshots beyond the newest SCREENSHOTS_KEPT; answers the blob keys of those deleted. */
export async function pruneScreenshots(db: Database, deviceCode: string): Promise<string[]> {
  const kept = (await latestScreenshots(db, deviceCode)).map((row) => row.screenshotId);
  if (kept.length < SCREENSHOTS_KEPT) return [];
  const gone = await db
    .delete(deviceScreenshots)
    .where(and(eq(deviceScreenshots.deviceCode, deviceCode), notInArray(deviceScreenshots.screenshotId, kept)))
    .returning({ blobKey: deviceScreenshots.blobKey });
  return gone.map((row) => row.blobKey);
}

export async function findScreenshot(db: Database, deviceCode: string, screenshotId: string) {
  const [row] = await db
    .select()
    .from(deviceScreenshots)
    .where(and(eq(deviceScreenshots.deviceCode, deviceCode), eq(deviceScreenshots.screenshotId, screenshotId)));
  return row;
}

/** Which of these blob keys a screenshot row names. */
export async function screenshotBlobKeys(db: Database, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ blobKey: deviceScreenshots.blobKey })
    .from(deviceScreenshots)
    .where(inArray(deviceScreenshots.blobKey, [...keys]));
  return rows.map((row) => row.blobKey);
}

/**
 * The players that uploaded a playback error's screenshot at or after `since`, with the latest one's time: a
 * subquery (device_code, error_at) for the alerts' evaluation (modules/alerts).
 */
export function playbackErrorsSql(since: Date): SQL {
  return sql`(select ${deviceScreenshots.deviceCode} as device_code, max(${deviceScreenshots.takenAt}) as error_at
    from ${deviceScreenshots}
    where ${deviceScreenshots.error} is not null and ${deviceScreenshots.takenAt} >= ${since.toISOString()}::timestamptz
    group by ${deviceScreenshots.deviceCode})`;
}
