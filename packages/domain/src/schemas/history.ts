import { z } from 'zod';
import { DAY_MS } from '../catalog/constants';
import { isIsoDate } from '../rules/contents';
import { ZInstant, ZLocalDate, ZSummary, ZText } from './common';
import { CONTENT_MESSAGES, ZContent, ZContentListQuery } from './contents';
import { ZDeviceCode } from './devices';

/**
 * Proof-of-play history (SPEC.md sections 3 and 7): contents that played in a window of UTC days, how many
 * players showed them each day, and per content the players and their days. Built from play_daily, the
 * rollup of the plays players report; deleted contents keep their names here.
 */

/** The longest window a history search may span, in days (a year and a leap day). */
export const HISTORY_MAX_DAYS = 366;
/** The console's default window: 9 days back (00:00 UTC) to today (23:59:59.999 UTC). */
export const HISTORY_DEFAULT_DAYS_BACK = 9;
/** Players per page of the history detail. */
export const HISTORY_DEVICES_PAGE = 50;
/** Rows per page of a player's plays (GET /api/playhistory). */
export const PLAY_HISTORY_PAGE = 100;
/** Most rows one CSV export holds; a longer answer says so in its last line. */
export const HISTORY_CSV_MAX_ROWS = 100_000;

const day = ZText.trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isIsoDate(v), CONTENT_MESSAGES.invalidDate);

/**
 * The UTC day (YYYY-MM-DD) of a moment, today by default: the one rule for a play's day (its start instant's
 * UTC calendar day), by which plays are rolled up (plays/repo.ts) and filtered (plays/history.ts).
 */
export function utcDay(at: Date | number = Date.now()): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The instants a window of UTC days spans: [from's 00:00Z, the day after to's 00:00Z). */
export function utcDaysSpan(from: string, to: string): { start: Date; end: Date } {
  return { start: new Date(`${from}T00:00:00.000Z`), end: new Date(`${addUtcDays(to, 1)}T00:00:00.000Z`) };
}

/** `day` moved by `days` (UTC days). */
export function addUtcDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS);
}

/** Every UTC day from `from` to `to`, both included. */
export function utcDaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to && days.length <= HISTORY_MAX_DAYS; d = addUtcDays(d, 1)) days.push(d);
  return days;
}

/** The default window the console opens with (SPEC.md: 9 days back 00:00 to today 23:59:59.999, UTC). */
export function defaultHistoryWindow(now: Date | number = Date.now()): { start_date: string; end_date: string } {
  const today = utcDay(now);
  return { start_date: addUtcDays(today, -HISTORY_DEFAULT_DAYS_BACK), end_date: today };
}

/** The window of a search: both days checked, the end not before the start, at most HISTORY_MAX_DAYS. */
const windowRules = <T extends { start_date?: string; end_date?: string }>(query: T, ctx: z.RefinementCtx) => {
  const { start_date: from, end_date: to } = query;
  // A day that is not a date has its own issue already (this check runs for the object all the same).
  if (!from || !to || !isIsoDate(from) || !isIsoDate(to)) return;
  if (to < from) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: CONTENT_MESSAGES.endBeforeStart });
    return;
  }
  if (utcDaysBetween(from, to).length > HISTORY_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['start_date'], message: CONTENT_MESSAGES.historyPeriodTooLong });
  }
};

/**
 * GET /api/contents/history: the contents search's very fields (SPEC.md: "as contents load"), its two days
 * being the window of play days (UTC) instead of the update date.
 */
export const ZContentHistoryQuery = ZContentListQuery.superRefine(windowRules);
export type TContentHistoryQuery = z.input<typeof ZContentHistoryQuery>;

/** One content of the history list; play_date[i] had player_count[i] players (every day of the window). */
export const ZContentHistory = ZContent.pick({
  content_id: true,
  key: true,
  name: true,
  type: true,
  display_pattern: true,
  region: true,
  updated_at: true,
  thumbnail_url: true,
}).extend({
  /** The content was deleted; its name stays. */
  deleted: z.boolean(),
  /** Days of the window on which at least one player showed it. */
  real_days: z.number().int(),
  /** Distinct players that showed it in the window. */
  players: z.number().int(),
  /** Players that showed it yesterday (UTC). */
  yesterday_devices: z.number().int(),
  /** Plays in the window. */
  plays: z.number().int(),
  play_date: z.array(ZLocalDate),
  player_count: z.array(z.number().int()),
});
export type TContentHistory = z.infer<typeof ZContentHistory>;

export const ZContentHistoryList = z.object({
  contentHistory: z.array(ZContentHistory),
  /** The window the answer covers (the default when the search named none). */
  start_date: ZLocalDate,
  end_date: ZLocalDate,
  summary: ZSummary,
});
export type TContentHistoryList = z.infer<typeof ZContentHistoryList>;

export const ZContentHistoryKeyParams = z.object({ contentHistoryKey: ZText.trim().min(1).max(100) });

/** GET /api/contents/history/{contentHistoryKey}: the players that showed one content, with their days. */
export const ZContentHistoryDetailQuery = z
  .object({
    shop_name: ZText.trim().max(200).optional(),
    shop_no: ZText.trim().max(20).optional(),
    memo: ZText.trim().max(500).optional(),
    region: ZText.trim().max(10).optional(),
    start_date: day,
    end_date: day,
    endCursor: ZText.max(500).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .superRefine(windowRules);
export type TContentHistoryDetailQuery = z.input<typeof ZContentHistoryDetailQuery>;

export const ZHistoryDevice = z.object({
  device_code: z.string(),
  shop_name: z.string(),
  shop_no: z.string(),
  region: z.string(),
  store_type: z.string(),
  device_type: z.string(),
  memo: z.string(),
  /** The player was deleted since; its plays stay. */
  deleted: z.boolean(),
  /** Days of the window on which it showed the content, ascending. */
  play_date: z.array(ZLocalDate),
  /** Plays on each of those days. */
  plays: z.array(z.number().int()),
});
export type THistoryDevice = z.infer<typeof ZHistoryDevice>;

export const ZContentHistoryDetail = z.object({
  content: ZContentHistory,
  devices: z.array(ZHistoryDevice),
  start_date: ZLocalDate,
  end_date: ZLocalDate,
  summary: ZSummary,
});
export type TContentHistoryDetail = z.infer<typeof ZContentHistoryDetail>;

/** GET /api/playhistory: one player's plays, newest first, optionally of one content, in a window of UTC days. */
export const ZPlayHistoryQuery = z
  .object({
    device_code: ZDeviceCode,
    content_id: z.guid().optional(),
    start_date: day,
    end_date: day,
    endCursor: ZText.max(500).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  })
  .superRefine(windowRules);
export type TPlayHistoryQuery = z.input<typeof ZPlayHistoryQuery>;

export const ZPlayRecord = z.object({
  sequence: z.number().int(),
  content_id: z.string(),
  content_name: z.string(),
  schedule_id: z.string().nullable(),
  /** The instant the play started (UTC) and the store's UTC offset then, in minutes. */
  started_at: ZInstant,
  utc_offset_minutes: z.number().int(),
  duration_ms: z.number().int(),
});
export type TPlayRecord = z.infer<typeof ZPlayRecord>;

export const ZPlayHistory = z.object({
  plays: z.array(ZPlayRecord),
  /** The highest sequence n such that every play 1..n is held (a gap after it is visible). */
  acked: z.number().int(),
  summary: ZSummary,
});
export type TPlayHistory = z.infer<typeof ZPlayHistory>;
