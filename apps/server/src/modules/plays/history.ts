import { utcDaysSpan } from '@signage/domain';
import { and, asc, type Column, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { playContentDaily, playContentMonths, playDaily, playEvents } from '../../db/schema';

/**
 * The plays module's reads for the proof-of-play history screens (modules/history): only this module reads
 * play_events and its rollups; contents and players are read through their own modules.
 */

export type Window = { from: string; to: string };

/**
 * The contents that played in the window, as a condition over the contents module's id column (its list's
 * `where`): play_content_daily has a row for the content in the window (one index probe per content).
 */
export function playedIn(window: Window): (contentId: Column) => SQL {
  return (contentId) => sql`exists (select 1 from ${playContentDaily} p where p.content_id = ${contentId}
    and p.play_date between ${window.from}::date and ${window.to}::date)`;
}

/** Per content, its days in the window with players and plays (from play_content_daily). */
export async function contentDays(
  db: Database,
  ids: readonly string[],
  window: Window,
): Promise<{ contentId: string; playDate: string; players: number; plays: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      contentId: playContentDaily.contentId,
      playDate: playContentDaily.playDate,
      players: playContentDaily.players,
      plays: playContentDaily.plays,
    })
    .from(playContentDaily)
    .where(
      and(
        inArray(playContentDaily.contentId, [...ids]),
        sql`${playContentDaily.playDate} between ${window.from}::date and ${window.to}::date`,
      ),
    );
}

/**
 * play_content_months rows with a day inside the window: the month overlaps it and one of its day bits lies
 * between the window's first and last day of that month (bits lo-1 .. hi-1: (1 << hi) - (1 << (lo - 1))).
 */
function monthsInWindow(window: Window): SQL {
  const m = playContentMonths;
  return sql`${m.month} between date_trunc('month', ${window.from}::date)::date and ${window.to}::date
    and (${m.days}::bigint & (
      (1::bigint << extract(day from least(${window.to}::date, (${m.month} + interval '1 month' - interval '1 day')::date))::int)
      - (1::bigint << (extract(day from greatest(${window.from}::date, ${m.month}))::int - 1))
    )) <> 0`;
}

/** Per content, the distinct players that showed it in the window (one row per player and month read). */
export async function distinctPlayers(
  db: Database,
  ids: readonly string[],
  window: Window,
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const m = playContentMonths;
  const rows = await db
    .select({ contentId: m.contentId, players: sql<number>`count(distinct ${m.deviceCode})::int` })
    .from(m)
    .where(and(inArray(m.contentId, [...ids]), monthsInWindow(window)))
    .groupBy(m.contentId);
  return new Map(rows.map((row) => [row.contentId, Number(row.players)]));
}

/** The codes of the players that showed a content in the window (a subquery for the players module). */
export function playedDeviceCodes(contentId: string, window: Window): SQL {
  const m = playContentMonths;
  return sql`select ${m.deviceCode} from ${m} where ${m.contentId} = ${contentId}::uuid and ${monthsInWindow(window)}`;
}

/** The days (and plays per day) each of these players showed the content in the window. */
export async function deviceDays(
  db: Database,
  contentId: string,
  codes: readonly string[],
  window: Window,
): Promise<{ deviceCode: string; playDate: string; plays: number }[]> {
  if (codes.length === 0) return [];
  return db
    .select({ deviceCode: playDaily.deviceCode, playDate: playDaily.playDate, plays: playDaily.plays })
    .from(playDaily)
    .where(
      and(
        inArray(playDaily.deviceCode, [...codes]),
        eq(playDaily.contentId, contentId),
        sql`${playDaily.playDate} between ${window.from}::date and ${window.to}::date`,
      ),
    )
    .orderBy(asc(playDaily.deviceCode), asc(playDaily.playDate));
}

/** One page of a player's plays, newest sequence first (the contents module names their contents). */
export async function listPlays(
  db: Database,
  deviceCode: string,
  filter: { contentId?: string; window: Window | null },
  page: { before: number | null; limit: number },
) {
  const conditions: SQL[] = [eq(playEvents.deviceCode, deviceCode)];
  if (filter.contentId) conditions.push(eq(playEvents.contentId, filter.contentId));
  if (filter.window) {
    // The plays whose UTC day (utcDay, the one rule) is in the window: their start within the days' instants.
    const span = utcDaysSpan(filter.window.from, filter.window.to);
    conditions.push(sql`${playEvents.startedAt} >= ${span.start.toISOString()}::timestamptz`);
    conditions.push(sql`${playEvents.startedAt} < ${span.end.toISOString()}::timestamptz`);
  }
  if (page.before !== null) conditions.push(sql`${playEvents.sequence} < ${page.before}`);
  return db
    .select({
      sequence: playEvents.sequence,
      contentId: playEvents.contentId,
      scheduleId: playEvents.scheduleId,
      startedAt: playEvents.startedAt,
      utcOffsetMinutes: playEvents.utcOffsetMinutes,
      durationMs: playEvents.durationMs,
    })
    .from(playEvents)
    .where(and(...conditions))
    .orderBy(desc(playEvents.sequence))
    .limit(page.limit + 1);
}
