import type { TEmergencyTarget } from '@signage/domain';
import { and, desc, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emergencyDevices, emergencyMessages } from '../../db/schema';
import type { KeysetCursor } from '../../http/cursor';

export type EmergencyRow = typeof emergencyMessages.$inferSelect;

/** Device codes a statement writes at once (well inside a statement's parameters). */
const CODES_PER_INSERT = 5_000;

export async function insertEmergency(
  tx: Database,
  values: {
    kind: string;
    text: string | null;
    contentId: string | null;
    target: TEmergencyTarget;
    region: string | null;
    createdBy: string;
    startsAt: Date;
    endsAt: Date;
  },
  deviceCodes: readonly string[],
): Promise<EmergencyRow> {
  const [row] = await tx
    .insert(emergencyMessages)
    .values({ ...values, playerCount: deviceCodes.length })
    .returning();
  if (!row) throw new Error('emergency: the insert returned no row');
  for (let at = 0; at < deviceCodes.length; at += CODES_PER_INSERT) {
    await tx
      .insert(emergencyDevices)
      .values(
        deviceCodes
          .slice(at, at + CODES_PER_INSERT)
          .map((deviceCode) => ({ deviceCode, emergencyId: row.emergencyId })),
      );
  }
  return row;
}

/**
 * The time a message's keyset position is taken from: created_at cut to the millisecond, what a cursor carries
 * (the column keeps microseconds). Ordered and compared by it, rows posted within one millisecond are told apart
 * by their id and none is skipped or served twice across pages.
 */
const listedAt = sql`date_trunc('milliseconds', ${emergencyMessages.createdAt})`;

/**
 * Up to `limit` + 1 messages (newest first) after the position `after` (null: from the newest), of one region or
 * of all (`region` undefined): the extra row says whether a next page follows.
 */
export async function emergencyPage(
  db: Database,
  region: string | null | undefined,
  after: KeysetCursor | null,
  limit: number,
): Promise<EmergencyRow[]> {
  return db
    .select()
    .from(emergencyMessages)
    .where(
      and(
        region === undefined ? undefined : regionIs(region),
        after
          ? sql`(${listedAt}, ${emergencyMessages.emergencyId}) < (${after.at.toISOString()}::timestamptz, ${after.key}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(listedAt), desc(emergencyMessages.emergencyId))
    .limit(limit + 1);
}

const regionIs = (region: string | null): SQL =>
  region === null ? sql`${emergencyMessages.region} is null` : eq(emergencyMessages.region, region);

/** One message, locked for the rest of the transaction (a cancel and another cancel queue up). */
export async function lockEmergency(tx: Database, emergencyId: string): Promise<EmergencyRow | undefined> {
  const [row] = await tx
    .select()
    .from(emergencyMessages)
    .where(eq(emergencyMessages.emergencyId, emergencyId))
    .for('update');
  return row;
}

export async function markCancelled(tx: Database, emergencyId: string, by: string, at: Date): Promise<EmergencyRow> {
  const [row] = await tx
    .update(emergencyMessages)
    .set({ cancelledAt: at, cancelledBy: by })
    .where(eq(emergencyMessages.emergencyId, emergencyId))
    .returning();
  if (!row) throw new Error('emergency: the cancelled row is gone');
  return row;
}

export async function emergencyDeviceCodes(db: Database, emergencyId: string): Promise<string[]> {
  const rows = await db
    .select({ deviceCode: emergencyDevices.deviceCode })
    .from(emergencyDevices)
    .where(eq(emergencyDevices.emergencyId, emergencyId));
  return rows.map((row) => row.deviceCode);
}

/**
 * The message each of these players shows at `now` (started, not ended, not cancelled; the latest posted when
 * several are), by code.
 */
export async function currentEmergencies(
  db: Database,
  deviceCodes: readonly string[],
  now: Date,
): Promise<Map<string, EmergencyRow>> {
  if (deviceCodes.length === 0) return new Map();
  const rows = await db
    .select({ deviceCode: emergencyDevices.deviceCode, message: emergencyMessages })
    .from(emergencyDevices)
    .innerJoin(emergencyMessages, eq(emergencyMessages.emergencyId, emergencyDevices.emergencyId))
    .where(
      and(
        inArray(emergencyDevices.deviceCode, [...deviceCodes]),
        isNull(emergencyMessages.cancelledAt),
        gt(emergencyMessages.endsAt, now),
        lte(emergencyMessages.startsAt, now),
      ),
    )
    .orderBy(desc(emergencyMessages.startsAt), desc(emergencyMessages.emergencyId));
  const byCode = new Map<string, EmergencyRow>();
  for (const row of rows) if (!byCode.has(row.deviceCode)) byCode.set(row.deviceCode, row.message);
  return byCode;
}
