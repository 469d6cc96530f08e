import {
  parseLocalDate,
  parseLocalTime,
  parseZone,
  type ResolvableSchedule,
  scheduleWindowsBetween,
  type TScheduleBrief,
} from '@signage/domain';
import type { TFunction } from 'i18next';
import '../../../i18n/schedules';

const hhmm = (time: string) => time.slice(0, 5);

/** '2026-11-24 – 2026-12-01', or '2026-11-24 – (No expiration)' for a schedule without an end period. */
export function dateRangeText(
  t: TFunction,
  schedule: Pick<TScheduleBrief, 'available_date_from' | 'available_date_to'>,
) {
  const from = schedule.available_date_from || t('scheduleView.openStart');
  const to = schedule.available_date_to || t('common.noExpiration');
  return `${from} – ${to}`;
}

/** '10:00 – 21:59' (the end minute plays to its last second), or 'All day'. */
export function timeRangeText(
  t: TFunction,
  schedule: Pick<TScheduleBrief, 'available_time_from' | 'available_time_to'>,
) {
  const { available_time_from: from, available_time_to: to } = schedule;
  if (!from && !to) return t('scheduleView.allDay');
  return `${from ? hhmm(from) : '00:00'} – ${to ? hhmm(to) : '23:59'}`;
}

/**
 * The API's schedules for the domain's rules: their dates and times parsed into the rules' types ('' is the
 * spec's "missing", and so is a value that does not parse).
 */
export const resolvable = <T extends TScheduleBrief>(schedule: T): T & ResolvableSchedule => ({
  ...schedule,
  available_date_from: parseLocalDate(schedule.available_date_from) ?? '',
  available_date_to: parseLocalDate(schedule.available_date_to) ?? '',
  available_time_from: parseLocalTime(schedule.available_time_from) ?? '',
  available_time_to: parseLocalTime(schedule.available_time_to) ?? '',
});

/**
 * Whether a schedule has begun playing at least once by `now`: some window of it starts before now, read in
 * the player's zone by the domain's window rules.
 */
export function hasStarted(schedule: TScheduleBrief, zone: string, now: Date = new Date()): boolean {
  const tz = parseZone(zone);
  return tz !== null && scheduleWindowsBetween(resolvable(schedule), tz, new Date(0), now).length > 0;
}

/** Change content and Change schedule are locked once a schedule whose first content is live has started. */
export function isLockedLive(schedule: TScheduleBrief, zone: string) {
  return schedule.first_content_live && hasStarted(schedule, zone);
}
