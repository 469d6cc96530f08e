import {
  addDays,
  dateOfInstant,
  daysBetween,
  type Instant,
  instantOf,
  type LocalDate,
  type LocalTime,
  parseLocalDate,
  parseLocalTime,
  scheduleWindowsBetween,
  type TimeZone,
  type TScheduleBrief,
  type ZoneClock,
} from '@signage/domain';
import { resolvable } from '../contentList/format';

/** SPEC.md section 2, Player detail: the timeline's geometry and its zoom rule. */
export const TIMELINE = {
  sidebarWidth: 390,
  rowHeight: 110,
  /** Default span: today 00:00 to 9 days ahead 23:59:59.999, in the player's zone. */
  defaultDays: 10,
  /** What zooming shows, and the spans it is offered for (inclusive). */
  zoomDays: 10,
  zoomFrom: 28,
  zoomTo: 31,
} as const;

export type TimelineSpan = 'days10' | 'weeks2' | 'month';
export const TIMELINE_SPANS: readonly TimelineSpan[] = ['days10', 'weeks2', 'month'];

/** The same day one month later (the 31st becomes the last day of a shorter month). */
function sameDayNextMonth(day: LocalDate): LocalDate {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const lastOfNext = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const next = new Date(Date.UTC(y, m, Math.min(d, lastOfNext)));
  return parseLocalDate(next.toISOString().slice(0, 10)) ?? day;
}

/** How many days a span starting on `start` shows: 10, 14, or the days to the same date next month (28-31). */
export function spanDays(start: LocalDate, span: TimelineSpan): number {
  if (span === 'days10') return TIMELINE.defaultDays;
  if (span === 'weeks2') return 14;
  return daysBetween(start, sameDayNextMonth(start));
}

/** Zoom (to 10 days) is offered only when the visible span is between 28 and 31 days. */
export const canZoom = (days: number) => days >= TIMELINE.zoomFrom && days <= TIMELINE.zoomTo;

export type TimelineDay = { date: LocalDate; startMs: number };
export type TimelineRange = { fromMs: number; toMs: number; days: TimelineDay[] };

const epochMs = (instant: Instant) => dateOfInstant(instant).getTime();

/** A clock time this file names, parsed as any other. */
function clockTime(value: string): LocalTime {
  const time = parseLocalTime(value);
  if (time === null) throw new Error(`not a clock time: ${value}`);
  return time;
}
const MIDNIGHT = clockTime('00:00:00');
const LAST_SECOND = clockTime('23:59:59');

/**
 * The range shown: `start` 00:00 to the last day's 23:59:59.999 in the player's zone, and where each day
 * begins (a DST day is 23 or 25 hours wide, as it really is).
 */
export function timelineRange(start: LocalDate, days: number, zone: TimeZone): TimelineRange {
  const list: TimelineDay[] = [];
  for (let i = 0; i < days; i += 1) {
    const date = addDays(start, i);
    list.push({ date, startMs: epochMs(instantOf(date, MIDNIGHT, zone)) });
  }
  const last = addDays(start, days - 1);
  return { fromMs: list[0]?.startMs ?? 0, toMs: epochMs(instantOf(last, LAST_SECOND, zone)) + 999, days: list };
}

/** A bar of the timeline as fractions of the range (0-1), clipped to it; `open*` mark a bound beyond it. */
export type TimelineBar = {
  left: number;
  width: number;
  startMs: number;
  endMs: number;
  openStart: boolean;
  openEnd: boolean;
};

/** A schedule's windows in the range, from the domain's window rules, as bars. */
export function barsOf(schedule: TScheduleBrief, zone: TimeZone | ZoneClock, range: TimelineRange): TimelineBar[] {
  const total = range.toMs + 1 - range.fromMs;
  return scheduleWindowsBetween(resolvable(schedule), zone, new Date(range.fromMs), new Date(range.toMs + 1)).map(
    (w) => {
      const start = w.start ? epochMs(w.start) : Number.NEGATIVE_INFINITY;
      const end = w.end ? epochMs(w.end) : Number.POSITIVE_INFINITY;
      const startMs = Math.max(start, range.fromMs);
      const endMs = Math.min(end, range.toMs + 1);
      return {
        left: (startMs - range.fromMs) / total,
        width: (endMs - startMs) / total,
        startMs: start,
        endMs: end,
        openStart: start < range.fromMs,
        openEnd: end > range.toMs + 1,
      };
    },
  );
}

/** Where a moment falls in the range (0-1), or null outside it. */
export function positionOf(ms: number, range: TimelineRange): number | null {
  if (ms < range.fromMs || ms > range.toMs) return null;
  return (ms - range.fromMs) / (range.toMs + 1 - range.fromMs);
}
