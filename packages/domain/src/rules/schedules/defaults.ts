import { addDays, type LocalDate } from '../time';
import type { DeliveryTiming, ScheduleForm } from './types';

/** SPEC.md section 9: default times 10:00-21:00, default end 23:59, period one to two weeks. */
export const SCHEDULE_DEFAULT_TIMES = { from: '10:00', to: '21:00' } as const;
export const SCHEDULE_LIVE_TIMES = { from: '10:00', to: '23:59' } as const;
export const SCHEDULE_DEFAULT_PERIOD_DAYS = 7;
export const SCHEDULE_FALLBACK_PERIOD_DAYS = 14;
export const DEFAULT_PLAYLIST_NAME = 'Default playlist';

type Selection = { dest?: string[]; contents?: string[]; firstContentLive?: boolean };

/**
 * The setting step's defaults (SPEC.md section 4). Night: all day, 10:00-21:00, from tomorrow (the
 * earliest a Night start may be) to one week from today. Live (the first content is a stream): Immediate,
 * an end period, from tomorrow to one day later, not all day, 10:00-23:59.
 */
export function defaultScheduleForm(today: LocalDate, selection: Selection = {}): ScheduleForm {
  const tomorrow = addDays(today, 1);
  const live = selection.firstContentLive === true;
  return {
    playlistName: DEFAULT_PLAYLIST_NAME,
    scheduleName: '',
    timing: live ? 'NOW' : 'NIGHT',
    downloadAllowHour: !live,
    noEndPeriod: false,
    allDay: !live,
    dateFrom: tomorrow,
    dateTo: live ? addDays(tomorrow, 1) : addDays(today, SCHEDULE_DEFAULT_PERIOD_DAYS),
    timeFrom: live ? SCHEDULE_LIVE_TIMES.from : SCHEDULE_DEFAULT_TIMES.from,
    timeTo: live ? SCHEDULE_LIVE_TIMES.to : SCHEDULE_DEFAULT_TIMES.to,
    firstContentLive: live,
    dest: selection.dest ?? [],
    contents: selection.contents ?? [],
  };
}

/** Two weeks after tomorrow: where the spec's transitions move an end date they must move. */
const fallbackEnd = (today: LocalDate) => addDays(addDays(today, 1), SCHEDULE_FALLBACK_PERIOD_DAYS);

/** Moves a date falling today to tomorrow, and an end falling today to tomorrow plus two weeks. */
function pushPastToday(form: ScheduleForm, today: LocalDate): ScheduleForm {
  const tomorrow = addDays(today, 1);
  const dateFrom = form.dateFrom <= today ? tomorrow : form.dateFrom;
  const dateTo = form.dateTo <= today ? fallbackEnd(today) : form.dateTo;
  return keepEndAfterStart({ ...form, dateFrom, dateTo });
}

/**
 * Start later than end moves the end two weeks past the start. A live schedule's end is always the day
 * after its start instead (its end date is hidden and follows the start).
 */
function keepEndAfterStart(form: ScheduleForm): ScheduleForm {
  if (form.firstContentLive) return { ...form, dateTo: addDays(form.dateFrom, 1) };
  if (form.dateFrom > form.dateTo) return { ...form, dateTo: addDays(form.dateFrom, SCHEDULE_FALLBACK_PERIOD_DAYS) };
  return form;
}

/**
 * Night delivery or Immediate. Switching to Night moves a start today to tomorrow and an end today to
 * tomorrow plus two weeks (Night media arrive overnight, so nothing can start today). The download-hour
 * option follows the timing. A live first content keeps Immediate: the switch is refused by no-op.
 */
export function setDeliveryTiming(form: ScheduleForm, timing: DeliveryTiming, today: LocalDate): ScheduleForm {
  if (form.firstContentLive) return { ...form, timing: 'NOW', downloadAllowHour: false };
  if (timing === 'NOW') return { ...form, timing, downloadAllowHour: false };
  return pushPastToday({ ...form, timing, downloadAllowHour: true }, today);
}

/**
 * The download-hour option. SPEC.md section 4: unchecking it moves dates falling today to tomorrow (end:
 * tomorrow plus two weeks). Checking it does the same, since '23' means the first download is tonight.
 * Live contents never take the option.
 */
export function setDownloadAllowHour(form: ScheduleForm, on: boolean, today: LocalDate): ScheduleForm {
  if (form.firstContentLive) return { ...form, downloadAllowHour: false };
  return pushPastToday({ ...form, downloadAllowHour: on }, today);
}

/** A new start date; a start later than the end moves the end (live: to the day after the start). */
export function setStartDate(form: ScheduleForm, dateFrom: LocalDate): ScheduleForm {
  return keepEndAfterStart({ ...form, dateFrom });
}

/** A new end date; an end before the start moves the end two weeks past the start. */
export function setEndDate(form: ScheduleForm, dateTo: LocalDate): ScheduleForm {
  if (form.firstContentLive) return keepEndAfterStart(form);
  return keepEndAfterStart({ ...form, dateTo });
}

/**
 * The first content picked decides the schedule's kind. A live stream forces Immediate, drops the
 * download hour and the all-day and no-end choices (end date and time are hidden: the end is the day after
 * the start at 23:59), and takes the live times.
 */
export function setFirstContentLive(form: ScheduleForm, live: boolean): ScheduleForm {
  if (!live) return { ...form, firstContentLive: false };
  return keepEndAfterStart({
    ...form,
    firstContentLive: true,
    timing: 'NOW',
    downloadAllowHour: false,
    noEndPeriod: false,
    allDay: false,
    timeTo: SCHEDULE_LIVE_TIMES.to,
  });
}

/** Which inputs the setting step shows and enables (SPEC.md section 4). */
export function scheduleFormControls(form: ScheduleForm) {
  return {
    timingLocked: form.firstContentLive,
    showEndDate: !form.firstContentLive,
    showEndTime: !form.firstContentLive,
    datesDisabled: form.noEndPeriod,
    timesDisabled: form.allDay,
  };
}
