import {
  addDays,
  dateOfInstant,
  type Instant,
  instantFromDate,
  instantOf,
  type LocalDate,
  type LocalTime,
  parseLocalDate,
  parseLocalTime,
  type TimeZone,
  todayIn,
} from '../time';
import type { ResolvableSchedule, ScheduleWindow } from './types';

/**
 * When a schedule plays, as instants on the UTC line. A schedule's dates and times are wall-clock values
 * at the store: on each day of its date range it plays from its from-time to the end of its to-time's
 * second (to-seconds are 59, so the end minute is included), read in the player's zone.
 *
 * DST choices, all through instantOf (time.ts, Temporal's 'compatible'):
 * - A from-time inside a spring-forward gap is shifted forward by the gap (02:30 in a one-hour gap starts
 *   at 03:30); a window that would then end before it starts does not play that day.
 * - A wall-clock time that occurs twice in an autumn overlap is its earlier occurrence: a window ending in
 *   the overlap ends the first time the clock reads its end, a window starting there starts the first time.
 * - A window is therefore always one stretch of real time, which is what the timeline draws and what the web
 *   player switches on to the exact minute; at 10:00 local the 10:00 schedule plays, at 09:59 it does not,
 *   whatever the offset that day.
 * Missing bounds are open: no from-date plays since ever, no to-date forever, no from-time from 00:00:00,
 * no to-time to the end of the day. An all-day schedule is one stretch from the start of its first day to
 * the end of its last.
 */
type Bounds = { from: LocalDate | null; to: LocalDate | null; timeFrom: LocalTime; timeTo: LocalTime | null };
type Span = { start: number; end: number };

const START_OF_DAY = '00:00:00' as LocalTime;
const END_OF_DAY = '23:59:59';
const SECOND_MS = 1000;
/** How far the timeline may ask at once; beyond this a caller pages (keeps a bad range from looping long). */
const MAX_SPAN_DAYS = 400;

export const epochMs = (at: Instant | Date | string) =>
  at instanceof Date ? at.getTime() : dateOfInstant(at as Instant).getTime();
const toInstant = (ms: number) => instantFromDate(new Date(ms));

function boundsOf(schedule: ResolvableSchedule): Bounds {
  const date = (value: string | null) => (value ? parseLocalDate(value) : null);
  const time = (value: string | null) => (value ? parseLocalTime(value) : null);
  return {
    from: date(schedule.available_date_from),
    to: date(schedule.available_date_to),
    timeFrom: time(schedule.available_time_from) ?? START_OF_DAY,
    timeTo: time(schedule.available_time_to),
  };
}

const continuous = (b: Bounds) => b.timeFrom === START_OF_DAY && (b.timeTo === null || b.timeTo === END_OF_DAY);
const inRange = (b: Bounds, day: LocalDate) => (b.from === null || day >= b.from) && (b.to === null || day <= b.to);
const dayStart = (day: LocalDate, zone: TimeZone) => epochMs(instantOf(day, START_OF_DAY, zone));

/** The stretch of an all-day schedule; open ends are infinite. */
function continuousSpan(b: Bounds, zone: TimeZone): Span {
  return {
    start: b.from === null ? Number.NEGATIVE_INFINITY : dayStart(b.from, zone),
    end: b.to === null ? Number.POSITIVE_INFINITY : dayStart(addDays(b.to, 1), zone),
  };
}

/** The window on one day, or null when the day is out of range or a DST gap empties the window. */
function daySpan(b: Bounds, day: LocalDate, zone: TimeZone): Span | null {
  if (!inRange(b, day)) return null;
  const start = epochMs(instantOf(day, b.timeFrom, zone));
  const end = b.timeTo === null ? dayStart(addDays(day, 1), zone) : epochMs(instantOf(day, b.timeTo, zone)) + SECOND_MS;
  return end > start ? { start, end } : null;
}

const asWindow = (span: Span): ScheduleWindow => ({
  start: Number.isFinite(span.start) ? toInstant(span.start) : null,
  end: Number.isFinite(span.end) ? toInstant(span.end) : null,
});

/**
 * The days whose window may hold an instant: its local day and the ones either side (a DST shift moves a
 * window by hours, never by more than a day).
 */
const daysAround = (ms: number, zone: TimeZone) => {
  const today = todayIn(zone, new Date(ms));
  return [addDays(today, -1), today, addDays(today, 1)];
};

function spanAt(b: Bounds, zone: TimeZone, ms: number): Span | null {
  if (continuous(b)) {
    const span = continuousSpan(b, zone);
    return span.start <= ms && ms < span.end ? span : null;
  }
  for (const day of daysAround(ms, zone)) {
    const span = daySpan(b, day, zone);
    if (span && span.start <= ms && ms < span.end) return span;
  }
  return null;
}

function nextSpanAfter(b: Bounds, zone: TimeZone, ms: number): Span | null {
  if (continuous(b)) {
    const span = continuousSpan(b, zone);
    return span.start > ms ? span : null;
  }
  const yesterday = daysAround(ms, zone)[0] as LocalDate;
  let day = b.from !== null && b.from > yesterday ? b.from : yesterday;
  // Four days reach past any DST-emptied window to the next one that plays.
  for (let i = 0; i < 4 && (b.to === null || day <= b.to); i += 1, day = addDays(day, 1)) {
    const span = daySpan(b, day, zone);
    if (span && span.start > ms) return span;
  }
  return null;
}

/** The window playing at a moment, or null when the schedule is not in its date and time range then. */
export function scheduleWindowAt(
  schedule: ResolvableSchedule,
  zone: TimeZone,
  at: Instant | Date,
): ScheduleWindow | null {
  const span = spanAt(boundsOf(schedule), zone, epochMs(at));
  return span && asWindow(span);
}

/** The first window starting strictly after a moment (the schedule's next start and its end), or null. */
export function nextScheduleWindow(
  schedule: ResolvableSchedule,
  zone: TimeZone,
  after: Instant | Date,
): ScheduleWindow | null {
  const span = nextSpanAfter(boundsOf(schedule), zone, epochMs(after));
  return span && asWindow(span);
}

/**
 * Every window overlapping [from, to), in order, for the timeline. Open ends stay null; an all-day
 * schedule is one window. At most MAX_SPAN_DAYS days of daily windows are listed.
 */
export function scheduleWindowsBetween(
  schedule: ResolvableSchedule,
  zone: TimeZone,
  from: Instant | Date,
  to: Instant | Date,
): ScheduleWindow[] {
  const b = boundsOf(schedule);
  const [fromMs, toMs] = [epochMs(from), epochMs(to)];
  const overlaps = (span: Span) => span.start < toMs && span.end > fromMs;
  if (continuous(b)) {
    const span = continuousSpan(b, zone);
    return overlaps(span) ? [asWindow(span)] : [];
  }
  const first = daysAround(fromMs, zone)[0] as LocalDate;
  const last = daysAround(toMs, zone)[2] as LocalDate;
  const windows: ScheduleWindow[] = [];
  let day = b.from !== null && b.from > first ? b.from : first;
  for (let i = 0; i < MAX_SPAN_DAYS && day <= last && (b.to === null || day <= b.to); i += 1, day = addDays(day, 1)) {
    const span = daySpan(b, day, zone);
    if (span && overlaps(span)) windows.push(asWindow(span));
  }
  return windows;
}
