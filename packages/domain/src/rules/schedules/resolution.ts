import type { Instant, TimeZone } from '../time';
import type { ResolvableSchedule, ScheduleWindow } from './types';
import { epochMs, nextScheduleWindow, scheduleWindowAt } from './windows';

/**
 * Current and next schedule of a player (SPEC.md section 4), read in the player's zone. Both answers
 * depend only on the set of schedules, never on their order in the input: ties are broken by creation
 * time and then by schedule_id.
 */

function createdMs(schedule: ResolvableSchedule): number {
  try {
    return epochMs(schedule.created_at);
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
}

/** Positive when `a` was created after `b` (and so wins over it). */
export function compareScheduleRecency(a: ResolvableSchedule, b: ResolvableSchedule): number {
  const byTime = createdMs(a) - createdMs(b);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a.schedule_id < b.schedule_id ? -1 : a.schedule_id > b.schedule_id ? 1 : 0;
}

const newest = <T extends ResolvableSchedule>(list: T[]): T | null =>
  list.reduce<T | null>((best, s) => (best === null || compareScheduleRecency(s, best) > 0 ? s : best), null);

/** The schedules whose date and time range contain the moment, newest first. */
export function schedulesInRange<T extends ResolvableSchedule>(
  schedules: T[],
  zone: TimeZone,
  at: Instant | Date,
): T[] {
  return schedules.filter((s) => scheduleWindowAt(s, zone, at) !== null).sort((a, b) => compareScheduleRecency(b, a));
}

/** Current schedule: the latest-created one whose date and time range contain the moment. */
export function resolveCurrentSchedule<T extends ResolvableSchedule>(
  schedules: T[],
  zone: TimeZone,
  at: Instant | Date,
): T | null {
  return newest(schedules.filter((s) => scheduleWindowAt(s, zone, at) !== null));
}

export type NextSchedule<T> = { schedule: T; window: ScheduleWindow & { start: Instant } };

/**
 * Next schedule: the one starting soonest after the moment, the current one excluded. "Starts" is the
 * start of its next window, so a daily schedule between its windows is next again each evening, which is
 * what the player switches to. When two start at the same instant the newer one is next (it will win).
 */
export function resolveNextSchedule<T extends ResolvableSchedule>(
  schedules: T[],
  zone: TimeZone,
  at: Instant | Date,
  current: T | null = resolveCurrentSchedule(schedules, zone, at),
): NextSchedule<T> | null {
  let best: { schedule: T; window: ScheduleWindow; start: number } | null = null;
  for (const schedule of schedules) {
    if (current !== null && schedule.schedule_id === current.schedule_id) continue;
    const window = nextScheduleWindow(schedule, zone, at);
    if (window?.start == null) continue;
    const start = epochMs(window.start);
    const better =
      best === null ||
      start < best.start ||
      (start === best.start && compareScheduleRecency(schedule, best.schedule) > 0);
    if (better) best = { schedule, window, start };
  }
  return best && { schedule: best.schedule, window: best.window as NextSchedule<T>['window'] };
}

export type ScheduleResolution<T> = {
  current: T | null;
  /** The current schedule's window: when it began and when it stops (null: open). */
  currentWindow: ScheduleWindow | null;
  next: T | null;
  nextWindow: ScheduleWindow | null;
  /** In range at the moment but hidden by the current (newer) schedule, newest first. */
  hidden: T[];
  /**
   * The first instant after the moment at which the answer may change: a window of any schedule starts
   * or ends. The web player sets its timer to it; null when nothing will ever change.
   */
  changesAt: Instant | null;
};

/**
 * Everything the player detail, the effective-schedule view and the web player ask about one moment:
 * what plays, until when, what it hides and what comes next.
 */
export function resolveSchedules<T extends ResolvableSchedule>(
  schedules: T[],
  zone: TimeZone,
  at: Instant | Date,
): ScheduleResolution<T> {
  const inRange = schedulesInRange(schedules, zone, at);
  const current = inRange[0] ?? null;
  const next = resolveNextSchedule(schedules, zone, at, current);
  let changesAt: Instant | null = null;
  const consider = (instant: Instant | null) => {
    if (instant !== null && (changesAt === null || epochMs(instant) < epochMs(changesAt))) changesAt = instant;
  };
  for (const schedule of schedules) {
    consider(scheduleWindowAt(schedule, zone, at)?.end ?? null);
    consider(nextScheduleWindow(schedule, zone, at)?.start ?? null);
  }
  return {
    current,
    currentWindow: current && scheduleWindowAt(current, zone, at),
    next: next?.schedule ?? null,
    nextWindow: next?.window ?? null,
    hidden: inRange.slice(1),
    changesAt,
  };
}
