import { and, asc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { devices } from '../../db/schema';

/**
 * A player row as the module reads it. Whether a player has a schedule is derived, never stored: the
 * schedules feature answers it through the PlayerSchedulesPort (a SQL fragment for the list filter, a
 * summary for the rows shown), so schedule changes never touch the devices row and never move
 * updated_at, the list's cursor key.
 */
const playerColumns = getTableColumns(devices);
export type DeviceRow = typeof devices.$inferSelect;

/** A player that is not deleted, by its code. */
export async function findDevice(db: Database, deviceCode: string): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select(playerColumns)
    .from(devices)
    .where(and(eq(devices.deviceCode, deviceCode), isNull(devices.deletedAt)))
    .limit(1);
  return row;
}

/** Players by their codes, deleted ones included (the caller decides what a deleted player means). */
export async function findDevicesByCode(db: Database, deviceCodes: readonly string[]): Promise<DeviceRow[]> {
  if (deviceCodes.length === 0) return [];
  return db
    .select(playerColumns)
    .from(devices)
    .where(inArray(devices.deviceCode, [...deviceCodes]));
}

/** A player that is not deleted, by its serial (unique among live players). */
export async function findDeviceBySerial(db: Database, serial: string): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select(playerColumns)
    .from(devices)
    .where(and(eq(devices.deviceName, serial), isNull(devices.deletedAt)))
    .limit(1);
  return row;
}

// Every agent call runs this lookup (see preparedPerDatabase).
const tokenQuery = preparedPerDatabase((db) =>
  db
    .select(playerColumns)
    .from(devices)
    .where(
      and(
        eq(devices.tokenHash, sql.placeholder('tokenHash')),
        isNull(devices.deletedAt),
        eq(devices.isActivated, true),
      ),
    )
    .limit(1)
    .prepare('find_device_by_token'),
);

/** The live, paired player holding a device token (by its sha256); a deleted player holds none. */
export async function findDeviceByTokenHash(db: Database, tokenHash: string): Promise<DeviceRow | undefined> {
  const [row] = await tokenQuery(db).execute({ tokenHash });
  return row;
}

export type DeviceChange = Partial<
  Pick<
    DeviceRow,
    'memo' | 'storeType' | 'deviceType' | 'timeZone' | 'region' | 'shopNo' | 'shopName' | 'displayPattern'
  >
>;

/** Staff edits; false when the player is gone (deleted meanwhile). */
export async function updateDevice(db: Database, deviceCode: string, change: DeviceChange, now: Date) {
  const rows = await db
    .update(devices)
    .set({ ...change, updatedAt: now })
    .where(and(eq(devices.deviceCode, deviceCode), isNull(devices.deletedAt)))
    .returning({ code: devices.deviceCode });
  return rows.length > 0;
}

/**
 * The SQL of a player's time zone from an expression naming its code, for other modules' queries that
 * must read wall-clock values in the player's zone (a schedule's end) without reading this table.
 */
export function deviceTimeZoneSql(deviceCode: SQL): SQL {
  return sql`(select ${devices.timeZone} from ${devices} where ${devices.deviceCode} = ${deviceCode})`;
}

/**
 * THE LOCK ORDER of every write transaction (issue 30: schedule writes on shared players deadlocked on
 * PostgreSQL when one took a player's schedule_player_ends advisory lock and then its devices row while
 * another held the row and wanted the advisory lock). A transaction takes its locks in these levels, each
 * level's rows in the order given, and never goes back to an earlier level:
 *
 *   1. contents rows, in id order: FOR SHARE by a schedule write (lockLiveContents), the row's UPDATE by a
 *      content edit, its processing or its delete;
 *   2. schedules rows, in id order: FOR UPDATE by a schedule update or delete (lockSchedule), a player
 *      delete's schedules (lockSchedulesOfPlayer) before the player's row;
 *   3. devices rows, in device_code order, every player the write will touch, all before any is written:
 *      lockPlayers (FOR NO KEY UPDATE), or the row's own UPDATE by a write naming one player (edit,
 *      registration, pairing, delete); markManifestsChanged locks its players in this order itself;
 *   4. (none since issue 26: the per-player advisory locks of schedule_player_ends went with the table);
 *   5. everything else the write inserts, updates or deletes (schedule_devices with their instants,
 *      schedule_contents, tags, pins, audit): rows no other transaction locks before a level above.
 *
 * A foreign key's check takes FOR KEY SHARE on the row it names, which no UPDATE of a non-key column
 * waits for. db/client.ts retries a transaction PostgreSQL still ends with a deadlock or a serialisation
 * failure (a path outside this order, e.g. a schedule created on a player while that player's delete was
 * locking its schedules), a bounded number of times.
 *
 * Level 3: locks the rows of `deviceCodes` (deleted ones too) in code order until the transaction ends,
 * against a concurrent write of the same players; answers the codes of the live (not deleted) ones. A
 * player deleted meanwhile is then either seen as gone here, or deleted after this transaction commits
 * (and its removal from schedules sees what this one wrote).
 */
export async function lockPlayers(tx: Database, deviceCodes: readonly string[]): Promise<string[]> {
  const codes = [...new Set(deviceCodes)].sort();
  if (codes.length === 0) return [];
  const rows = await tx
    .select({ code: devices.deviceCode, deletedAt: devices.deletedAt })
    .from(devices)
    .where(inArray(devices.deviceCode, codes))
    .orderBy(asc(devices.deviceCode))
    .for('no key update');
  return rows.filter((row) => row.deletedAt === null).map((row) => row.code);
}
