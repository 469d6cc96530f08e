import { scheduleExtent } from '@signage/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scheduleDevices } from '../../db/schema';
import { deviceTimeZoneSql } from '../players';
import { resolvable, rowsOf, schedulesById, zoneOfPlayer } from './rows';

/**
 * Writes the instants of (schedule, player) rows: each schedule's dates and times read in its player's zone by
 * the domain's rules (scheduleExtent). Of one schedule (`scheduleId`, optionally only some of its players), or
 * of every schedule of one player (`deviceCode`, after its zone changed), or of all rows (`all`, at start: an
 * upgraded install's rows were backfilled with the old reading). Only rows whose instants change are written.
 */
export async function refreshInstants(
  tx: Database,
  which: { scheduleId: string; deviceCodes?: readonly string[] } | { deviceCode: string } | { all: true },
): Promise<number> {
  const where =
    'all' in which
      ? sql`true`
      : 'deviceCode' in which
        ? sql`sd.device_code = ${which.deviceCode}`
        : which.deviceCodes
          ? sql`sd.schedule_id = ${which.scheduleId} and sd.device_code in (${sql.join(
              which.deviceCodes.map((code) => sql`${code}`),
              sql`, `,
            )})`
          : sql`sd.schedule_id = ${which.scheduleId}`;
  if ('scheduleId' in which && which.deviceCodes?.length === 0) return 0;
  const rows = await rowsOf<{
    schedule_id: string;
    device_code: string;
    time_zone: string | null;
    starts_at: string | Date | null;
    ends_at: string | Date | null;
  }>(
    tx,
    sql`select sd.schedule_id, sd.device_code, sd.starts_at, sd.ends_at, ${deviceTimeZoneSql(sql`sd.device_code`)} as time_zone
      from ${scheduleDevices} sd where ${where}`,
  );
  if (rows.length === 0) return 0;
  const byId = new Map((await schedulesById(tx, [...new Set(rows.map((r) => r.schedule_id))])).map((r) => [r.id, r]));
  const ms = (value: string | Date | null) => (value === null ? null : new Date(value).getTime());
  const changed: SQL[] = [];
  // One reading per schedule and zone: a schedule's thousands of players are mostly in a few zones.
  const extents = new Map<string, ReturnType<typeof scheduleExtent>>();
  for (const row of rows) {
    const schedule = byId.get(row.schedule_id);
    const zone = row.time_zone === null ? null : zoneOfPlayer({ timeZone: row.time_zone });
    if (!schedule || zone === null) continue;
    const key = `${row.schedule_id} ${zone}`;
    const extent = extents.get(key) ?? scheduleExtent(resolvable(schedule), zone);
    extents.set(key, extent);
    if (ms(extent.start) === ms(row.starts_at) && ms(extent.end) === ms(row.ends_at)) continue;
    changed.push(
      sql`(${row.schedule_id}::uuid, ${row.device_code}::text, ${extent.start}::timestamptz, ${extent.end}::timestamptz)`,
    );
  }
  if (changed.length === 0) return 0;
  await tx.execute(sql`
    update ${scheduleDevices} sd set starts_at = v.starts_at, ends_at = v.ends_at
    from (values ${sql.join(changed, sql`, `)}) as v(schedule_id, device_code, starts_at, ends_at)
    where sd.schedule_id = v.schedule_id and sd.device_code = v.device_code`);
  return changed.length;
}
