import { clockOf, epochMs, type Span, type ZoneClock } from './schedules/windows';
import type { Instant, LocalDate, LocalTime, TimeZone } from './time';

/**
 * A store's opening hours (issue 29 item 1): ranges of wall-clock time per ISO weekday (1 Monday .. 7 Sunday),
 * and exceptions by store-local date (closed, or other ranges that day). A day with no ranges is closed. Each
 * range opens at `open` and closes at `close` on the same day; `close` '24:00' is the next midnight. They are
 * read in the player's zone by the domain's one DST policy (time.ts instantOf: a time inside a spring-forward
 * gap is shifted forward by the gap, a time in an autumn overlap is its earlier occurrence), so a range is
 * always one stretch of real time; a range that the gap leaves ending before it opens is closed that day.
 * A player without opening hours is open at all times (docs/opening-hours.md).
 */
export type HoursRange = { open: string; close: string };
export type WeeklyHours = { day: number; ranges: HoursRange[] }[];
export type HoursException = { date: string; ranges: HoursRange[] };
export type OpeningHours = { week: WeeklyHours; exceptions: HoursException[] };

export const END_OF_DAY_TIME = '24:00';
/** At most this many ranges a day (a lunch break, an evening opening). */
export const MAX_RANGES_PER_DAY = 4;
/** At most this many exceptions per player (a year of closed days and special hours). */
export const MAX_HOURS_EXCEPTIONS = 366;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of 'HH:mm' ('24:00' is 1440), or null when it is no clock time. */
export function clockMinutes(value: string, { close = false } = {}): number | null {
  if (close && value === END_OF_DAY_TIME) return 1440;
  const match = typeof value === 'string' ? CLOCK.exec(value) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export type RangeProblem = 'open' | 'close' | 'order' | 'overlap' | 'count';

/**
 * What is wrong with a day's ranges, by index and field (null when they are fine): each time a clock time,
 * each range opening before it closes, ranges not overlapping, at most MAX_RANGES_PER_DAY.
 */
export function checkRanges(ranges: readonly HoursRange[]): { index: number; problem: RangeProblem } | null {
  if (ranges.length > MAX_RANGES_PER_DAY) return { index: MAX_RANGES_PER_DAY, problem: 'count' };
  const spans: { index: number; open: number; close: number }[] = [];
  for (const [index, range] of ranges.entries()) {
    const open = clockMinutes(range.open);
    if (open === null) return { index, problem: 'open' };
    const close = clockMinutes(range.close, { close: true });
    if (close === null) return { index, problem: 'close' };
    if (close <= open) return { index, problem: 'order' };
    spans.push({ index, open, close });
  }
  const sorted = [...spans].sort((a, b) => a.open - b.open);
  for (let i = 1; i < sorted.length; i += 1) {
    const [before, after] = [sorted[i - 1], sorted[i]];
    if (before && after && after.open < before.close) return { index: after.index, problem: 'overlap' };
  }
  return null;
}

/** ISO weekday (1 Monday .. 7 Sunday) of a calendar date. */
export function isoWeekday(date: LocalDate): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The ranges that apply on a store-local date: that date's exception, else its weekday's. */
export function rangesOn(hours: OpeningHours, date: LocalDate): readonly HoursRange[] {
  const exception = hours.exceptions.find((e) => e.date === date);
  if (exception) return exception.ranges;
  return hours.week.find((d) => d.day === isoWeekday(date))?.ranges ?? [];
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00` as LocalTime;

function edge(date: LocalDate, minutes: number, zone: ZoneClock): number {
  if (minutes >= 1440) return zone.epoch(zone.addDays(date, 1), clock(minutes - 1440));
  return zone.epoch(date, clock(minutes));
}

/**
 * The open windows of the store days [from, to] (inclusive), as instants in epoch ms, end exclusive, in time
 * order; touching windows (23:00-24:00 then 00:00-02:00 the next day) are joined into one.
 */
export function openingWindows(
  hours: OpeningHours,
  zoneOrClock: TimeZone | ZoneClock,
  from: LocalDate,
  to: LocalDate,
): Span[] {
  const zone = clockOf(zoneOrClock);
  const out: Span[] = [];
  for (let date = from; date <= to; date = zone.addDays(date, 1)) {
    const ranges = [...rangesOn(hours, date)]
      .map((r) => ({ open: clockMinutes(r.open), close: clockMinutes(r.close, { close: true }) }))
      .filter((r): r is { open: number; close: number } => r.open !== null && r.close !== null)
      .sort((a, b) => a.open - b.open);
    for (const range of ranges) {
      const start = edge(date, range.open, zone);
      const end = edge(date, range.close, zone);
      if (end <= start) continue;
      const last = out[out.length - 1];
      if (last && start <= last.end) last.end = Math.max(last.end, end);
      else out.push({ start, end });
    }
  }
  return out;
}

/** Whether the store is open at an instant; no opening hours (null) is open at all times. */
export function isStoreOpen(hours: OpeningHours | null, zone: TimeZone, at: Instant | Date): boolean {
  if (hours === null) return true;
  const ms = epochMs(at);
  const clock = clockOf(zone);
  const today = clock.today(ms);
  // A range of yesterday may end after midnight only at 24:00, but a DST shift moves it by hours: ask both days.
  return openingWindows(hours, clock, clock.addDays(today, -1), today).some((w) => w.start <= ms && ms < w.end);
}
