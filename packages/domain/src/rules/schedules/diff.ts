import { DEFAULT_DOWNLOAD_ALLOW_HOUR } from '../../catalog/constants';
import { addDays, type LocalDate, type LocalTime } from '../time';
import { SCHEDULE_DEFAULT_TIMES, SCHEDULE_FALLBACK_PERIOD_DAYS, SCHEDULE_LIVE_TIMES } from './defaults';
import type { ScheduleChanges, ScheduleForm, ScheduleValues } from './types';

const LIVE_END_TIME = `${SCHEDULE_LIVE_TIMES.to}:59` as LocalTime;

/**
 * The API values of a filled-in form (SPEC.md section 5): all day sends no times; the from time has
 * seconds 00 and the to time seconds 59, so the end minute plays to its last second; a live first content
 * clears the download hour and ends the day after its start at 23:59:59; no end period sends an empty end
 * date and starts today, or tomorrow when the download-hour option is on (the dates are disabled then).
 */
export function scheduleValuesOf(form: ScheduleForm, today: LocalDate): ScheduleValues {
  const live = form.firstContentLive;
  const noEnd = form.noEndPeriod && !live;
  const dateFrom = noEnd ? (form.downloadAllowHour ? addDays(today, 1) : today) : form.dateFrom;
  const allDay = form.allDay && !live;
  return {
    playlist_name: form.playlistName.trim(),
    schedule_name: form.scheduleName.trim(),
    available_date_from: dateFrom,
    available_date_to: noEnd ? '' : live ? addDays(dateFrom, 1) : form.dateTo,
    available_time_from: allDay ? '' : (`${form.timeFrom.slice(0, 5)}:00` as LocalTime),
    available_time_to: allDay ? '' : live ? LIVE_END_TIME : (`${form.timeTo.slice(0, 5)}:59` as LocalTime),
    download_allow_hour: !live && form.downloadAllowHour ? DEFAULT_DOWNLOAD_ALLOW_HOUR : '',
    contents: [...form.contents],
    dest: [...form.dest],
  };
}

/**
 * The form for an existing schedule (SPEC.md section 4): an empty end date is no end period, empty times
 * are all day, an empty download hour is the option off (and so Immediate; '23' is Night). Hidden inputs
 * get the defaults they would show if the user unchecked the box.
 */
export function formFromSchedule(
  values: ScheduleValues,
  context: { today: LocalDate; firstContentLive: boolean },
): ScheduleForm {
  const dateFrom = values.available_date_from || context.today;
  const allDay = values.available_time_from === '' && values.available_time_to === '';
  const night = values.download_allow_hour !== '';
  return {
    playlistName: values.playlist_name,
    scheduleName: values.schedule_name,
    timing: night && !context.firstContentLive ? 'NIGHT' : 'NOW',
    downloadAllowHour: night && !context.firstContentLive,
    noEndPeriod: values.available_date_to === '',
    allDay,
    dateFrom,
    dateTo: values.available_date_to || addDays(dateFrom, SCHEDULE_FALLBACK_PERIOD_DAYS),
    timeFrom: values.available_time_from ? values.available_time_from.slice(0, 5) : SCHEDULE_DEFAULT_TIMES.from,
    timeTo: values.available_time_to ? values.available_time_to.slice(0, 5) : SCHEDULE_DEFAULT_TIMES.to,
    firstContentLive: context.firstContentLive,
    dest: [...values.dest],
    contents: [...values.contents],
  };
}

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((item, i) => item === b[i]) : a === b;

const KEYS: (keyof ScheduleValues)[] = [
  'playlist_name',
  'schedule_name',
  'available_date_from',
  'available_date_to',
  'available_time_from',
  'available_time_to',
  'download_allow_hour',
  'contents',
  'dest',
];

/** The fields whose value differs, with the new value (content and player order counts). */
export function diffScheduleValues(before: ScheduleValues, after: ScheduleValues): ScheduleChanges {
  const changes: Record<string, unknown> = {};
  for (const key of KEYS) if (!sameValue(before[key], after[key])) changes[key] = after[key];
  return changes as ScheduleChanges;
}

/**
 * What a schedule update sends besides zone_code (SPEC.md section 5): only the changed fields.
 * Two rules keep an untouched date from counting as a change. A schedule that already had no end period
 * keeps its start (its dates were disabled, so the user cannot have moved it). A live schedule sends its
 * end (start plus one day, 23:59:59) only when its start changed.
 */
export function scheduleUpdateChanges(before: ScheduleValues, form: ScheduleForm, today: LocalDate): ScheduleChanges {
  const after = scheduleValuesOf(form, today);
  if (after.available_date_to === '' && before.available_date_to === '') {
    after.available_date_from = before.available_date_from;
  }
  if (form.firstContentLive && after.available_date_from === before.available_date_from) {
    after.available_date_to = before.available_date_to;
    after.available_time_to = before.available_time_to;
  }
  return diffScheduleValues(before, after);
}

/** The PUT body: the zone the user entered the dates and times in, plus the changed fields. */
export function scheduleUpdateBody(
  before: ScheduleValues,
  form: ScheduleForm,
  context: { today: LocalDate; zoneCode: string },
): ScheduleChanges & { zone_code: string } {
  return { zone_code: context.zoneCode, ...scheduleUpdateChanges(before, form, context.today) };
}
