/**
 * What plays, read from instants only (issue 26): the server turns each schedule's store-local dates and times
 * into windows on the UTC line once, with the domain's zone rules and DST policy (rules/schedules/windows.ts,
 * time.ts instantOf: gap forward, overlap earlier), and the manifest carries those windows and the store's
 * UTC offsets. The player answers every time question from them with plain arithmetic: no zone database, no
 * Intl, no Temporal (so none of it is in the player's bundle), and so no second reading of the rules that
 * could disagree with the server's.
 */
import { DAY_MS } from '../catalog/constants';

/** A window in ISO instants, end exclusive; null is open (since ever / forever). */
export type InstantWindow = { start: string | null; end: string | null };
/** A schedule as these rules read it: its windows and what decides priority. */
export type WindowedSchedule = { schedule_id: string; created_at: string; windows: readonly InstantWindow[] };
/** The store's offset from UTC in minutes (east positive) from `at` on (null: since ever), in order. */
export type ZoneOffset = { at: string | null; minutes: number };

const startMs = (w: InstantWindow) => (w.start === null ? Number.NEGATIVE_INFINITY : Date.parse(w.start));
const endMs = (w: InstantWindow) => (w.end === null ? Number.POSITIVE_INFINITY : Date.parse(w.end));

type Ranked = { created_at: string | Date; schedule_id: string };

function createdMs(schedule: Ranked): number {
  const at = schedule.created_at;
  const ms = at instanceof Date ? at.getTime() : Date.parse(at);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Positive when `a` was created after `b` (and so wins over it): creation time, then schedule_id. */
export function compareScheduleRecency(a: Ranked, b: Ranked): number {
  const byTime = createdMs(a) - createdMs(b);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a.schedule_id < b.schedule_id ? -1 : a.schedule_id > b.schedule_id ? 1 : 0;
}

/** The window of a schedule holding a moment (epoch ms), or null. */
export function windowAt(schedule: WindowedSchedule, ms: number): InstantWindow | null {
  return schedule.windows.find((w) => startMs(w) <= ms && ms < endMs(w)) ?? null;
}

/** The current schedule at a moment: the latest-created one with a window holding it (SPEC.md section 4). */
export function currentByWindows<T extends WindowedSchedule>(schedules: readonly T[], ms: number): T | null {
  let best: T | null = null;
  for (const schedule of schedules) {
    if (windowAt(schedule, ms) === null) continue;
    if (best === null || compareScheduleRecency(schedule, best) > 0) best = schedule;
  }
  return best;
}

/** The next schedule after a moment: the one whose next window starts soonest, the current one excluded. */
export function nextByWindows<T extends WindowedSchedule>(
  schedules: readonly T[],
  ms: number,
): { schedule: T; start: number } | null {
  const current = currentByWindows(schedules, ms);
  let best: { schedule: T; start: number } | null = null;
  for (const schedule of schedules) {
    if (current !== null && schedule.schedule_id === current.schedule_id) continue;
    const start = Math.min(...schedule.windows.map(startMs).filter((s) => s > ms));
    if (!Number.isFinite(start)) continue;
    if (
      best === null ||
      start < best.start ||
      (start === best.start && compareScheduleRecency(schedule, best.schedule) > 0)
    ) {
      best = { schedule, start };
    }
  }
  return best;
}

/** The store's offset at a moment (the last entry starting at or before it; the first one before them all). */
export function offsetAt(offsets: readonly ZoneOffset[], ms: number): number {
  let minutes = offsets[0]?.minutes ?? 0;
  for (const offset of offsets) {
    if (offset.at === null || Date.parse(offset.at) <= ms) minutes = offset.minutes;
    else break;
  }
  return minutes;
}

/** Milliseconds since the store's midnight by its wall clock at a moment (23:37:10 is 23 h 37 min 10 s). */
export function localMsOfDay(offsets: readonly ZoneOffset[], ms: number): number {
  const local = ms + offsetAt(offsets, ms) * 60_000;
  return ((local % DAY_MS) + DAY_MS) % DAY_MS;
}

/** The store's calendar day ('YYYY-MM-DD') at a moment. */
export function localDayOf(offsets: readonly ZoneOffset[], ms: number): string {
  return new Date(ms + offsetAt(offsets, ms) * 60_000).toISOString().slice(0, 10);
}

/** The store's wall-clock time ('HH:mm:ss', 24 hours: SPEC.md section 9) at a moment. */
export function localTimeOf(offsets: readonly ZoneOffset[], ms: number): string {
  return new Date(ms + offsetAt(offsets, ms) * 60_000).toISOString().slice(11, 19);
}
