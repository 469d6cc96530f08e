import { compareScheduleRecency } from '../instants';
import type { Instant, TimeZone } from '../time';
import type { ResolvableSchedule, ScheduleWindow } from './types';
import { asWindow, clockOf, epochMs, nextScheduleSpan, type Span, scheduleSpanAt, type ZoneClock } from './windows';

/**
 * Current and next schedule of a player (SPEC.md section 4), read in the player's zone. Both answers
 * depend only on the set of schedules, never on their order in the input: ties are broken by creation
 * time and then by schedule_id.
 */

type Probe<T> = { schedule: T; at: Span | null; next: Span | null };

/** Each schedule's window at the moment and its next one, computed once for every answer below. */
function probe<T extends ResolvableSchedule>(
  schedules: T[],
  zone: TimeZone | ZoneClock,
  at: Instant | Date,
): Probe<T>[] {
  const clock = clockOf(zone);
  const ms = epochMs(at);
  return schedules.map((schedule) => ({
    schedule,
    at: scheduleSpanAt(schedule, clock, ms),
    next: nextScheduleSpan(schedule, clock, ms),
  }));
}

const inRangeOf = <T extends ResolvableSchedule>(probes: Probe<T>[]) =>
  probes
    .filter((p) => p.at !== null)
    .map((p) => p.schedule)
    .sort((a, b) => compareScheduleRecency(b, a));

function nextOf<T extends ResolvableSchedule>(probes: Probe<T>[], current: T | null): Probe<T> | null {
  let best: Probe<T> | null = null;
  for (const p of probes) {
    if (p.next === null || (current !== null && p.schedule.schedule_id === current.schedule_id)) continue;
    const start = p.next.start;
    const bestStart = best?.next?.start ?? Number.POSITIVE_INFINITY;
    if (
      best === null ||
      start < bestStart ||
      (start === bestStart && compareScheduleRecency(p.schedule, best.schedule) > 0)
    ) {
      best = p;
    }
  }
  return best;
}

/** Current schedule: the latest-created one whose date and time range contain the moment. */
export function resolveCurrentSchedule<T extends ResolvableSchedule>(
  schedules: T[],
  zone: TimeZone | ZoneClock,
  at: Instant | Date,
): T | null {
  return inRangeOf(probe(schedules, zone, at))[0] ?? null;
}

export type NextSchedule<T> = { schedule: T; window: ScheduleWindow & { start: Instant } };

/**
 * Next schedule: the one starting soonest after the moment, the current one excluded. "Starts" is the
 * start of its next window, so a daily schedule between its windows is next again each evening, which is
 * what the player switches to. When two start at the same instant the newer one is next (it will win).
 */
export function resolveNextSchedule<T extends ResolvableSchedule>(
  schedules: T[],
  zone: TimeZone | ZoneClock,
  at: Instant | Date,
): NextSchedule<T> | null {
  const probes = probe(schedules, zone, at);
  const best = nextOf(probes, inRangeOf(probes)[0] ?? null);
  return best?.next ? { schedule: best.schedule, window: asWindow(best.next) as NextSchedule<T>['window'] } : null;
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
  zone: TimeZone | ZoneClock,
  at: Instant | Date,
): ScheduleResolution<T> {
  const probes = probe(schedules, zone, at);
  const inRange = inRangeOf(probes);
  const current = inRange[0] ?? null;
  const next = nextOf(probes, current);
  const currentSpan = probes.find((p) => p.schedule === current)?.at ?? null;
  let changesMs = Number.POSITIVE_INFINITY;
  for (const p of probes) changesMs = Math.min(changesMs, p.at?.end ?? changesMs, p.next?.start ?? changesMs);
  return {
    current,
    currentWindow: currentSpan && asWindow(currentSpan),
    next: next?.schedule ?? null,
    nextWindow: next?.next ? asWindow(next.next) : null,
    hidden: inRange.slice(1),
    changesAt: Number.isFinite(changesMs) ? asWindow({ start: changesMs, end: changesMs }).start : null,
  };
}
