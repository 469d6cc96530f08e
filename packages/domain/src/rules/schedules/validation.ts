import { TIME_STEP_MINUTES } from '../../catalog/constants';
import { MESSAGES } from '../../catalog/messages';
import { addDays, type LocalDate, parseLocalDate, parseLocalTime } from '../time';
import { SCHEDULE_LIVE_TIMES } from './defaults';
import { scheduleValuesOf } from './diff';
import type { DeliveryTiming, ScheduleForm, ScheduleIssue, ScheduleValues } from './types';

type ValidationContext = {
  /** Today in the zone the user enters dates in (zone_code). */
  today: LocalDate;
  /** Defaults to the timing the download hour implies ('23' is Night). */
  timing?: DeliveryTiming;
  /** Whether the start date rule applies: on create, and on update only when the start is sent. */
  checkStart?: boolean;
};

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * 5-minute steps (SPEC.md section 9). The end may also be 23:59, the spec's default end: the last minute
 * of the day, which no 5-minute step reaches.
 */
function onStep(time: string, end: boolean): boolean {
  if (end && time.slice(0, 5) === SCHEDULE_LIVE_TIMES.to) return true;
  return minutesOf(time) % TIME_STEP_MINUTES === 0;
}

/** Seconds are the spec's: from-seconds 00 and to-seconds 59. */
const rightSeconds = (time: string, end: boolean) => time.slice(6, 8) === (end ? '59' : '00');

function timeIssues(values: ScheduleValues): ScheduleIssue[] {
  const { available_time_from: from, available_time_to: to } = values;
  if (from === '' && to === '') return [];
  const issues: ScheduleIssue[] = [];
  const fromOk = from !== '' && parseLocalTime(from) === from;
  const toOk = to !== '' && parseLocalTime(to) === to;
  if (!fromOk) issues.push({ field: 'available_time_from', message: MESSAGES.scheduleInvalidTime });
  if (!toOk) issues.push({ field: 'available_time_to', message: MESSAGES.scheduleInvalidTime });
  if (!fromOk || !toOk) return issues;
  if (!onStep(from, false) || !rightSeconds(from, false)) {
    issues.push({ field: 'available_time_from', message: MESSAGES.scheduleTimeStep });
  }
  if (!onStep(to, true) || !rightSeconds(to, true)) {
    issues.push({ field: 'available_time_to', message: MESSAGES.scheduleTimeStep });
  }
  // Start hour not after end hour, and within one hour the end minute after the start minute: together,
  // the end minute is strictly later than the start minute.
  if (minutesOf(from) >= minutesOf(to))
    issues.push({ field: 'available_time_to', message: MESSAGES.scheduleTimeOrder });
  return issues;
}

function dateIssues(values: ScheduleValues, context: ValidationContext): ScheduleIssue[] {
  const { available_date_from: from, available_date_to: to } = values;
  const issues: ScheduleIssue[] = [];
  const fromOk = from !== '' && parseLocalDate(from) === from;
  const toOk = to === '' || parseLocalDate(to) === to;
  if (!fromOk) issues.push({ field: 'available_date_from', message: MESSAGES.scheduleInvalidDate });
  if (!toOk) issues.push({ field: 'available_date_to', message: MESSAGES.scheduleInvalidDate });
  if (!fromOk || !toOk) return issues;
  const timing = context.timing ?? (values.download_allow_hour === '' ? 'NOW' : 'NIGHT');
  if (context.checkStart !== false) {
    // Immediate may start today; Night media are fetched overnight, so Night starts tomorrow at the earliest.
    // The download hour '23' also means a first download tonight, so it too needs tomorrow.
    const night = timing === 'NIGHT' || values.download_allow_hour !== '';
    if (night && from < addDays(context.today, 1)) {
      issues.push({ field: 'available_date_from', message: MESSAGES.scheduleStartTomorrow });
    } else if (from < context.today) {
      issues.push({ field: 'available_date_from', message: MESSAGES.scheduleStartToday });
    }
  }
  if (to !== '' && to < from) issues.push({ field: 'available_date_to', message: MESSAGES.scheduleEndBeforeStart });
  return issues;
}

/**
 * Every rule of SPEC.md section 5 for a schedule's values, in the order the form shows the fields:
 * names, players, contents, dates, times. An empty list means the schedule can be saved.
 */
export function validateScheduleValues(values: ScheduleValues, context: ValidationContext): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  if (values.playlist_name.trim() === '') issues.push({ field: 'playlist_name', message: MESSAGES.enterPlaylistName });
  if (values.schedule_name.trim() === '') issues.push({ field: 'schedule_name', message: MESSAGES.enterScheduleName });
  if (values.dest.length === 0) issues.push({ field: 'dest', message: MESSAGES.selectSchedulePlayer });
  if (values.contents.length === 0) issues.push({ field: 'contents', message: MESSAGES.selectScheduleContent });
  return [...issues, ...dateIssues(values, context), ...timeIssues(values)];
}

/** The setting step's check: the values the form would send, under the form's own timing. */
export function validateScheduleForm(form: ScheduleForm, today: LocalDate): ScheduleIssue[] {
  return validateScheduleValues(scheduleValuesOf(form, today), { today, timing: form.timing });
}
