import {
  type LocalTime,
  type OpeningHours,
  openingWindows,
  parseZone,
  type TimeZone,
  UTC,
  zoneClock,
} from '@signage/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storeHours, storeHoursExceptions, storeHoursWindows } from '../../db/schema';
import { deviceTimeZoneSql } from '../players';

/** How far ahead a player's open windows are written, in store days; the hourly extension keeps them so. */
export const HOURS_AHEAD_DAYS = 35;
/** Windows are written again once fewer than this many days of them are left ahead. */
export const HOURS_EXTEND_BELOW_DAYS = 28;
/** Store days before today that keep their windows (an alert asking about the last hours still finds them). */
const HOURS_BEHIND_DAYS = 2;
const DAY_MS = 86_400_000;
const MIDNIGHT = '00:00:00' as LocalTime;

export type HoursRow = {
  deviceCode: string;
  hours: OpeningHours;
  timeZone: string;
  updatedBy: string;
  updatedAt: Date;
};

/** The opening hours of players, by code (a player without them is absent). */
export async function readHours(db: Database, deviceCodes: readonly string[]): Promise<Map<string, HoursRow>> {
  if (deviceCodes.length === 0) return new Map();
  const codes = [...deviceCodes];
  const [rows, exceptions] = await Promise.all([
    db.select().from(storeHours).where(inArray(storeHours.deviceCode, codes)),
    db
      .select()
      .from(storeHoursExceptions)
      .where(inArray(storeHoursExceptions.deviceCode, codes))
      .orderBy(storeHoursExceptions.deviceCode, storeHoursExceptions.day),
  ]);
  const out = new Map<string, HoursRow>();
  for (const row of rows) {
    out.set(row.deviceCode, {
      deviceCode: row.deviceCode,
      hours: { week: [...row.week].sort((a, b) => a.day - b.day), exceptions: [] },
      timeZone: row.timeZone,
      updatedBy: row.updatedBy,
      updatedAt: row.updatedAt,
    });
  }
  for (const e of exceptions) out.get(e.deviceCode)?.hours.exceptions.push({ date: e.day, ranges: e.ranges });
  return out;
}

const zoneOf = (value: string | null): TimeZone => (value === null ? UTC : (parseZone(value) ?? UTC));

/** The players' zones (the devices table's, through the players module). */
async function zonesOf(db: Database, deviceCodes: readonly string[]): Promise<Map<string, TimeZone>> {
  const result = await db.execute(
    sql`select c.code, ${deviceTimeZoneSql(sql`c.code`)} as time_zone
      from (values ${sql.join(
        deviceCodes.map((code) => sql`(${code}::text)`),
        sql`, `,
      )}) as c(code)`,
  );
  const rows = (result as unknown as { rows: { code: string; time_zone: string | null }[] }).rows;
  return new Map(rows.map((r) => [r.code, zoneOf(r.time_zone)]));
}

/**
 * Writes the open windows of players from their hours, read in each one's zone by the domain's rules, for the
 * store days from HOURS_BEHIND_DAYS before today to HOURS_AHEAD_DAYS after, and the span they cover.
 */
async function writeWindows(tx: Database, rows: readonly HoursRow[], zones: Map<string, TimeZone>, now: Date) {
  const clocks = new Map<TimeZone, ReturnType<typeof zoneClock>>();
  for (const row of rows) {
    const zone = zones.get(row.deviceCode) ?? UTC;
    const clock = clocks.get(zone) ?? zoneClock(zone);
    clocks.set(zone, clock);
    const today = clock.today(now.getTime());
    const from = clock.addDays(today, -HOURS_BEHIND_DAYS);
    const to = clock.addDays(today, HOURS_AHEAD_DAYS);
    const windows = openingWindows(row.hours, clock, from, to);
    const windowsFrom = new Date(clock.epoch(from, MIDNIGHT));
    const windowsUntil = new Date(clock.epoch(clock.addDays(to, 1), MIDNIGHT));
    await tx.delete(storeHoursWindows).where(eq(storeHoursWindows.deviceCode, row.deviceCode));
    if (windows.length > 0) {
      await tx
        .insert(storeHoursWindows)
        .values(
          windows.map((w) => ({ deviceCode: row.deviceCode, opensAt: new Date(w.start), closesAt: new Date(w.end) })),
        );
    }
    await tx
      .update(storeHours)
      .set({ timeZone: zone, windowsFrom, windowsUntil })
      .where(eq(storeHours.deviceCode, row.deviceCode));
  }
}

/** Sets (or, with null, clears) the same opening hours on players, with their windows, in the caller's transaction. */
export async function saveHours(
  tx: Database,
  deviceCodes: readonly string[],
  hours: OpeningHours | null,
  by: string,
  now: Date,
): Promise<void> {
  if (deviceCodes.length === 0) return;
  const codes = [...deviceCodes].sort();
  await tx.delete(storeHoursExceptions).where(inArray(storeHoursExceptions.deviceCode, codes));
  await tx.delete(storeHoursWindows).where(inArray(storeHoursWindows.deviceCode, codes));
  if (hours === null) {
    await tx.delete(storeHours).where(inArray(storeHours.deviceCode, codes));
    return;
  }
  const week = [...hours.week].sort((a, b) => a.day - b.day);
  await tx
    .insert(storeHours)
    .values(
      codes.map((deviceCode) => ({
        deviceCode,
        week,
        timeZone: UTC,
        windowsFrom: now,
        windowsUntil: now,
        updatedBy: by,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: storeHours.deviceCode,
      set: { week, updatedBy: by, updatedAt: now },
    });
  const exceptions = codes.flatMap((deviceCode) =>
    hours.exceptions.map((e) => ({ deviceCode, day: e.date, ranges: e.ranges })),
  );
  for (let i = 0; i < exceptions.length; i += 1000) {
    await tx.insert(storeHoursExceptions).values(exceptions.slice(i, i + 1000));
  }
  const zones = await zonesOf(tx, codes);
  const rows = codes.map((deviceCode) => ({
    deviceCode,
    hours: { week, exceptions: hours.exceptions },
    timeZone: UTC,
    updatedBy: by,
    updatedAt: now,
  }));
  await writeWindows(tx, rows, zones, now);
}

/** Writes a player's windows again in its current zone (its zone changed), in the caller's transaction. */
export async function rewriteWindows(tx: Database, deviceCodes: readonly string[], now: Date): Promise<number> {
  if (deviceCodes.length === 0) return 0;
  // Every writer of a player's windows holds its store_hours row first (saveHours by its upsert), in code order.
  await tx
    .select({ code: storeHours.deviceCode })
    .from(storeHours)
    .where(inArray(storeHours.deviceCode, [...deviceCodes]))
    .orderBy(storeHours.deviceCode)
    .for('update');
  const rows = [...(await readHours(tx, deviceCodes)).values()];
  if (rows.length === 0) return 0;
  await writeWindows(
    tx,
    rows,
    await zonesOf(
      tx,
      rows.map((r) => r.deviceCode),
    ),
    now,
  );
  return rows.length;
}

/**
 * The players whose windows end within HOURS_EXTEND_BELOW_DAYS, or were read in a zone that is no longer the
 * player's (a zone changed by plain SQL or the CLI), at most `limit` of them.
 */
export async function playersToExtend(db: Database, now: Date, limit: number): Promise<string[]> {
  const result = await db.execute(
    sql`select h.device_code from ${storeHours} h
      where h.windows_until < ${new Date(now.getTime() + HOURS_EXTEND_BELOW_DAYS * DAY_MS)}
        or h.time_zone is distinct from ${deviceTimeZoneSql(sql`h.device_code`)}
      order by h.windows_until limit ${limit}`,
  );
  return (result as unknown as { rows: { device_code: string }[] }).rows.map((r) => r.device_code);
}
