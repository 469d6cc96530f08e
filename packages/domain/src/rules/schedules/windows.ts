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
/** A window in epoch milliseconds, end exclusive; open ends are infinite. */
export type Span = { start: number; end: number };

const START_OF_DAY = '00:00:00' as LocalTime;
const END_OF_DAY = '23:59:59';
const SECOND_MS = 1000;
/** How far the timeline may ask at once; beyond this a caller pages (keeps a bad range from looping long). */
const MAX_SPAN_DAYS = 400;

export const epochMs = (at: Instant | Date | string) =>
  at instanceof Date ? at.getTime() : dateOfInstant(at as Instant).getTime();
const toInstant = (ms: number) => instantFromDate(new Date(ms));

/**
 * The zone arithmetic of one question, memoised. The polyfill's zone rules are costly, and a page of
 * players asks the same days and times again and again; a clock lives as long as one answer, so its
 * caches stay small. Pass one clock to several calls to share it (same zone only).
 */
export type ZoneClock = {
  readonly zone: TimeZone;
  epoch(day: LocalDate, time: LocalTime): number;
  addDays(day: LocalDate, days: number): LocalDate;
  today(ms: number): LocalDate;
  date(value: string | null): LocalDate | null;
  time(value: string | null): LocalTime | null;
};

function memo<A, R>(compute: (key: string, arg: A) => R): (key: string, arg: A) => R {
  const cache = new Map<string, R>();
  return (key, arg) => {
    const hit = cache.get(key);
    if (hit !== undefined || cache.has(key)) return hit as R;
    const value = compute(key, arg);
    cache.set(key, value);
    return value;
  };
}

export function zoneClock(zone: TimeZone): ZoneClock {
  const epoch = memo((_: string, [day, time]: [LocalDate, LocalTime]) => epochMs(instantOf(day, time, zone)));
  const shift = memo((_: string, [day, days]: [LocalDate, number]) => addDays(day, days));
  const today = memo((_: string, ms: number) => todayIn(zone, new Date(ms)));
  const date = memo((value: string) => parseLocalDate(value));
  const time = memo((value: string) => parseLocalTime(value));
  return {
    zone,
    epoch: (day, t) => epoch(`${day}T${t}`, [day, t]),
    addDays: (day, days) => shift(`${day}+${days}`, [day, days]),
    today: (ms) => today(String(ms), ms),
    date: (value) => (value ? date(value, undefined) : null),
    time: (value) => (value ? time(value, undefined) : null),
  };
}

export const clockOf = (zone: TimeZone | ZoneClock): ZoneClock => (typeof zone === 'string' ? zoneClock(zone) : zone);

function boundsOf(schedule: ResolvableSchedule, clock: ZoneClock): Bounds {
  return {
    from: clock.date(schedule.available_date_from),
    to: clock.date(schedule.available_date_to),
    timeFrom: clock.time(schedule.available_time_from) ?? START_OF_DAY,
    timeTo: clock.time(schedule.available_time_to),
  };
}

const continuous = (b: Bounds) => b.timeFrom === START_OF_DAY && (b.timeTo === null || b.timeTo === END_OF_DAY);
const inRange = (b: Bounds, day: LocalDate) => (b.from === null || day >= b.from) && (b.to === null || day <= b.to);
const dayStart = (day: LocalDate, clock: ZoneClock) => clock.epoch(day, START_OF_DAY);

/** The stretch of an all-day schedule; open ends are infinite. */
function continuousSpan(b: Bounds, clock: ZoneClock): Span {
  return {
    start: b.from === null ? Number.NEGATIVE_INFINITY : dayStart(b.from, clock),
    end: b.to === null ? Number.POSITIVE_INFINITY : dayStart(clock.addDays(b.to, 1), clock),
  };
}

/** The window on one day, or null when the day is out of range or a DST gap empties the window. */
function daySpan(b: Bounds, day: LocalDate, clock: ZoneClock): Span | null {
  if (!inRange(b, day)) return null;
  const start = clock.epoch(day, b.timeFrom);
  const end = b.timeTo === null ? dayStart(clock.addDays(day, 1), clock) : clock.epoch(day, b.timeTo) + SECOND_MS;
  return end > start ? { start, end } : null;
}

export const asWindow = (span: Span): ScheduleWindow => ({
  start: Number.isFinite(span.start) ? toInstant(span.start) : null,
  end: Number.isFinite(span.end) ? toInstant(span.end) : null,
});

/**
 * The days whose window may hold an instant: its local day and the ones either side (a DST shift moves a
 * window by hours, never by more than a day).
 */
const daysAround = (ms: number, clock: ZoneClock) => {
  const today = clock.today(ms);
  return [clock.addDays(today, -1), today, clock.addDays(today, 1)];
};

function spanAt(b: Bounds, clock: ZoneClock, ms: number): Span | null {
  if (continuous(b)) {
    const span = continuousSpan(b, clock);
    return span.start <= ms && ms < span.end ? span : null;
  }
  for (const day of daysAround(ms, clock)) {
    const span = daySpan(b, day, clock);
    if (span && span.start <= ms && ms < span.end) return span;
  }
  return null;
}

function nextSpanAfter(b: Bounds, clock: ZoneClock, ms: number): Span | null {
  if (continuous(b)) {
    const span = continuousSpan(b, clock);
    return span.start > ms ? span : null;
  }
  const yesterday = daysAround(ms, clock)[0] as LocalDate;
  let day = b.from !== null && b.from > yesterday ? b.from : yesterday;
  // Four days reach past any DST-emptied window to the next one that plays.
  for (let i = 0; i < 4 && (b.to === null || day <= b.to); i += 1, day = clock.addDays(day, 1)) {
    const span = daySpan(b, day, clock);
    if (span && span.start > ms) return span;
  }
  return null;
}

/** The span playing at a moment (epoch ms), for callers that ask many questions of one clock. */
export const scheduleSpanAt = (schedule: ResolvableSchedule, clock: ZoneClock, ms: number) =>
  spanAt(boundsOf(schedule, clock), clock, ms);

/** The first span starting strictly after a moment (epoch ms). */
export const nextScheduleSpan = (schedule: ResolvableSchedule, clock: ZoneClock, ms: number) =>
  nextSpanAfter(boundsOf(schedule, clock), clock, ms);

/** The window playing at a moment, or null when the schedule is not in its date and time range then. */
export function scheduleWindowAt(
  schedule: ResolvableSchedule,
  zone: TimeZone | ZoneClock,
  at: Instant | Date,
): ScheduleWindow | null {
  const clock = clockOf(zone);
  const span = spanAt(boundsOf(schedule, clock), clock, epochMs(at));
  return span && asWindow(span);
}

/** The first window starting strictly after a moment (the schedule's next start and its end), or null. */
export function nextScheduleWindow(
  schedule: ResolvableSchedule,
  zone: TimeZone | ZoneClock,
  after: Instant | Date,
): ScheduleWindow | null {
  const clock = clockOf(zone);
  const span = nextSpanAfter(boundsOf(schedule, clock), clock, epochMs(after));
  return span && asWindow(span);
}

/**
 * Every window overlapping [from, to), in order, for the timeline. Open ends stay null; an all-day
 * schedule is one window. At most MAX_SPAN_DAYS days of daily windows are listed.
 */
export function scheduleWindowsBetween(
  schedule: ResolvableSchedule,
  zone: TimeZone | ZoneClock,
  from: Instant | Date,
  to: Instant | Date,
): ScheduleWindow[] {
  const clock = clockOf(zone);
  const b = boundsOf(schedule, clock);
  const [fromMs, toMs] = [epochMs(from), epochMs(to)];
  const overlaps = (span: Span) => span.start < toMs && span.end > fromMs;
  if (continuous(b)) {
    const span = continuousSpan(b, clock);
    return overlaps(span) ? [asWindow(span)] : [];
  }
  const first = daysAround(fromMs, clock)[0] as LocalDate;
  const last = daysAround(toMs, clock)[2] as LocalDate;
  const windows: ScheduleWindow[] = [];
  let day = b.from !== null && b.from > first ? b.from : first;
  for (
    let i = 0;
    i < MAX_SPAN_DAYS && day <= last && (b.to === null || day <= b.to);
    i += 1, day = clock.addDays(day, 1)
  ) {
    const span = daySpan(b, day, clock);
    if (span && overlaps(span)) windows.push(asWindow(span));
  }
  return windows;
}

/**
 * The whole stretch a schedule plays for a player in a zone, as instants: the start of its first window and the
 * end of its last (null: open). What the server stores per (schedule, player) (schedule_devices.starts_at,
 * ends_at) so that SQL compares instants only: "has not ended" is `ends_at is null or ends_at > now()`, the
 * same answer as these rules give, DST policy included (a last window a gap empties ends the day before).
 */
export function scheduleExtent(schedule: ResolvableSchedule, zone: TimeZone | ZoneClock): ScheduleWindow {
  const clock = clockOf(zone);
  const b = boundsOf(schedule, clock);
  if (continuous(b)) return asWindow(continuousSpan(b, clock));
  let start = Number.NEGATIVE_INFINITY;
  if (b.from !== null) {
    start = Number.POSITIVE_INFINITY;
    for (let i = 0, day = b.from; i < 4 && (b.to === null || day <= b.to); i += 1, day = clock.addDays(day, 1)) {
      const span = daySpan(b, day, clock);
      if (span) {
        start = span.start;
        break;
      }
    }
  }
  let end = Number.POSITIVE_INFINITY;
  if (b.to !== null) {
    end = Number.NEGATIVE_INFINITY;
    for (let i = 0, day = b.to; i < 4 && (b.from === null || day >= b.from); i += 1, day = clock.addDays(day, -1)) {
      const span = daySpan(b, day, clock);
      if (span) {
        end = span.end;
        break;
      }
    }
  }
  // A schedule no day of which plays (every window emptied): an empty stretch that has always ended.
  if (!(end > start)) return { start: toInstant(0), end: toInstant(0) };
  return asWindow({ start, end });
}
