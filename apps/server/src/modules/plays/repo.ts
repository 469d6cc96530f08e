import { utcDay } from '@signage/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/prepared';
import { playAcks, playContentDaily, playContentMonths, playDaily, playEvents } from '../../db/schema';

export type PlayValues = {
  sequence: number;
  contentId: string;
  scheduleId: string | null;
  emergencyId: string | null;
  startedAt: Date;
  utcOffsetMinutes: number;
  durationMs: number;
};

/** What the new plays of a batch add to each (content, UTC date). */
export type DayTotals = { contentId: string; playDate: string; plays: number; durationMs: number; players: number };

/**
 * Stores the plays a player reported; a (device, sequence) already held is skipped. The new ones are added to
 * the player's daily rollup in the same transaction. Answers how many were new and what they add per content
 * and day, for addToContentRollup (called last in the transaction: its rows are shared by every player).
 */
export async function insertPlays(
  tx: Database,
  deviceCode: string,
  plays: readonly PlayValues[],
): Promise<{ stored: number; days: DayTotals[] }> {
  if (plays.length === 0) return { stored: 0, days: [] };
  const rows = await tx
    .insert(playEvents)
    .values(plays.map((play) => ({ deviceCode, ...play })))
    .onConflictDoNothing()
    .returning({
      contentId: playEvents.contentId,
      emergencyId: playEvents.emergencyId,
      startedAt: playEvents.startedAt,
      durationMs: playEvents.durationMs,
    });
  // An emergency text is no content: its plays are proof of play, not content history.
  const ofContents = rows.filter((row) => row.emergencyId === null || row.contentId !== row.emergencyId);
  return { stored: rows.length, days: await addToRollup(tx, deviceCode, ofContents) };
}

/**
 * Adds a batch's days to play_content_daily: plays and duration, and one more player for each (content, date)
 * this player showed for the first time. Keys in order, so concurrent batches lock shared rows in one order.
 */
export async function addToContentRollup(tx: Database, days: readonly DayTotals[]): Promise<void> {
  if (days.length === 0) return;
  await tx
    .insert(playContentDaily)
    .values(
      days.map(({ contentId, playDate, plays, durationMs, players }) => ({
        contentId,
        playDate,
        plays,
        durationMs,
        players,
      })),
    )
    .onConflictDoUpdate({
      target: [playContentDaily.contentId, playContentDaily.playDate],
      set: {
        players: sql`${playContentDaily.players} + excluded.players`,
        plays: sql`${playContentDaily.plays} + excluded.plays`,
        durationMs: sql`${playContentDaily.durationMs} + excluded.duration_ms`,
      },
    });
}

/**
 * Adds new plays to play_daily (content, UTC date, player): one upsert that increments. Rows go in key order,
 * so two batches touching the same days lock them in the same order and cannot deadlock. Answers the days in
 * that order, `players` 1 where the (content, date, player) row is new (xmax = 0: inserted, not updated).
 */
async function addToRollup(
  tx: Database,
  deviceCode: string,
  rows: readonly { contentId: string; startedAt: Date; durationMs: number }[],
): Promise<DayTotals[]> {
  if (rows.length === 0) return [];
  const days = new Map<string, { contentId: string; playDate: string; plays: number; durationMs: number }>();
  for (const row of rows) {
    const playDate = utcDay(row.startedAt);
    const key = `${row.contentId} ${playDate}`;
    const day = days.get(key) ?? { contentId: row.contentId, playDate, plays: 0, durationMs: 0 };
    day.plays += 1;
    day.durationMs += row.durationMs;
    days.set(key, day);
  }
  const values = [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, day]) => ({ ...day, deviceCode }));
  const written = await tx
    .insert(playDaily)
    .values(values)
    .onConflictDoUpdate({
      target: [playDaily.contentId, playDaily.playDate, playDaily.deviceCode],
      set: {
        plays: sql`${playDaily.plays} + excluded.plays`,
        durationMs: sql`${playDaily.durationMs} + excluded.duration_ms`,
      },
    })
    .returning({ contentId: playDaily.contentId, playDate: playDaily.playDate, inserted: sql<boolean>`xmax = 0` });
  await addToMonths(tx, deviceCode, values);
  const fresh = new Set(written.filter((row) => row.inserted).map((row) => `${row.contentId} ${row.playDate}`));
  return values.map(({ contentId, playDate, plays, durationMs }) => ({
    contentId,
    playDate,
    plays,
    durationMs,
    players: fresh.has(`${contentId} ${playDate}`) ? 1 : 0,
  }));
}

/** Marks the player's days in play_content_months (one row per content and UTC month, a bit per day). */
async function addToMonths(
  tx: Database,
  deviceCode: string,
  days: readonly { contentId: string; playDate: string }[],
): Promise<void> {
  const months = new Map<string, { contentId: string; month: string; days: number }>();
  for (const { contentId, playDate } of days) {
    const month = `${playDate.slice(0, 7)}-01`;
    const key = `${contentId} ${month}`;
    const entry = months.get(key) ?? { contentId, month, days: 0 };
    entry.days |= 1 << (Number(playDate.slice(8, 10)) - 1);
    months.set(key, entry);
  }
  const values = [...months.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, entry]) => ({ ...entry, deviceCode }));
  await tx
    .insert(playContentMonths)
    .values(values)
    .onConflictDoUpdate({
      target: [playContentMonths.contentId, playContentMonths.month, playContentMonths.deviceCode],
      set: { days: sql`${playContentMonths.days} | excluded.days` },
    });
}

/**
 * Moves the player's acknowledged mark to the end of the run of held sequences that follows it and answers
 * it. The mark row is locked for the rest of the transaction, so concurrent batches of one player queue up.
 * The run from acked + 1 ends at the first held sequence without a successor (when acked + 1 is held).
 */
export async function advanceAcked(tx: Database, deviceCode: string): Promise<number> {
  await tx.insert(playAcks).values({ deviceCode, acked: 0 }).onConflictDoNothing();
  const [mark] = await executeRows<{ acked: string | number }>(
    tx,
    sql`select acked from ${playAcks} where device_code = ${deviceCode} for update`,
  );
  const acked = Number(mark?.acked ?? 0);
  const [next] = await executeRows<{ last: string | number | null }>(
    tx,
    sql`select p.sequence as last from ${playEvents} p
      where p.device_code = ${deviceCode} and p.sequence > ${acked}
        and exists (select 1 from ${playEvents} f where f.device_code = ${deviceCode} and f.sequence = ${acked + 1})
        and not exists (select 1 from ${playEvents} q where q.device_code = ${deviceCode} and q.sequence = p.sequence + 1)
      order by p.sequence limit 1`,
  );
  const last = next?.last === null || next?.last === undefined ? acked : Number(next.last);
  if (last !== acked) await tx.execute(sql`update ${playAcks} set acked = ${last} where device_code = ${deviceCode}`);
  return last;
}

/** The player's acknowledged mark: every play 1..n is held (0 before its first batch). */
export async function readAcked(db: Database, deviceCode: string): Promise<number> {
  const [mark] = await db
    .select({ acked: playAcks.acked })
    .from(playAcks)
    .where(sql`${playAcks.deviceCode} = ${deviceCode}`);
  return Number(mark?.acked ?? 0);
}

/**
 * Deletes up to `limit` raw plays that started before `before` and that their player's acknowledged mark
 * covers (so a late retry of one is recognised as held and never counted again). Answers how many went.
 */
export async function pruneRawPlays(db: Database, before: Date, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${playEvents} where (device_code, sequence) in (
      select p.device_code, p.sequence from ${playEvents} p
      join ${playAcks} a on a.device_code = p.device_code and p.sequence <= a.acked
      where p.started_at < ${before.toISOString()}::timestamptz
      limit ${limit})`);
  return (
    (result as unknown as { affectedRows?: number; rowCount?: number }).rowCount ??
    (result as unknown as { affectedRows?: number }).affectedRows ??
    0
  );
}
