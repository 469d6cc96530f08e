import { z } from 'zod';
import { MESSAGES } from '../catalog/messages';
import { checkRanges, MAX_HOURS_EXCEPTIONS, MAX_RANGES_PER_DAY, type RangeProblem } from '../rules/openingHours';
import { ZInstant, zText } from './common';
import { ZDeviceCode, ZDeviceListQuery } from './devices';

/**
 * Opening hours on the wire (issue 29 item 1; rules/openingHours.ts). Times are 'HH:mm' at the store; a closing
 * time may be '24:00'. Every problem is reported at its field's path (week.2.ranges.0.close), in the
 * catalogue's words, so the console shows it beside the field.
 */
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const ZClock = zText(MESSAGES.hoursInvalidTime).regex(CLOCK, MESSAGES.hoursInvalidTime);
export const ZHoursRange = z.object({ open: ZClock, close: ZClock });
const ZRanges = z.array(ZHoursRange).max(MAX_RANGES_PER_DAY, MESSAGES.hoursTooManyRanges);

const PROBLEM_MESSAGE: Record<RangeProblem, { field: 'open' | 'close' | null; message: string }> = {
  open: { field: 'open', message: MESSAGES.hoursInvalidTime },
  close: { field: 'close', message: MESSAGES.hoursInvalidTime },
  order: { field: 'close', message: MESSAGES.hoursTimeOrder },
  overlap: { field: 'open', message: MESSAGES.hoursOverlap },
  count: { field: null, message: MESSAGES.hoursTooManyRanges },
};

/** Reports a day's range problem at its path (`at` is the path of the day's ranges). */
function reportRanges(ranges: { open: string; close: string }[], at: (string | number)[], ctx: z.RefinementCtx) {
  const problem = checkRanges(ranges);
  // A time that is no clock time was reported by its own field's schema already.
  if (problem === null || problem.problem === 'open' || problem.problem === 'close') return;
  const { field, message } = PROBLEM_MESSAGE[problem.problem];
  ctx.addIssue({ code: 'custom', message, path: field === null ? at : [...at, problem.index, field] });
}

export const ZWeekDay = z.object({
  day: z.number({ error: MESSAGES.invalidRequest }).int().min(1).max(7),
  ranges: ZRanges,
});
export const ZHoursException = z.object({ date: z.iso.date({ error: MESSAGES.scheduleInvalidDate }), ranges: ZRanges });

export const ZOpeningHours = z
  .object({
    week: z.array(ZWeekDay).max(7),
    exceptions: z.array(ZHoursException).max(MAX_HOURS_EXCEPTIONS, MESSAGES.hoursTooManyExceptions),
  })
  .superRefine((hours, ctx) => {
    const days = new Set<number>();
    for (const [i, day] of hours.week.entries()) {
      if (days.has(day.day)) ctx.addIssue({ code: 'custom', message: MESSAGES.hoursDuplicateDay, path: ['week', i] });
      days.add(day.day);
      reportRanges(day.ranges, ['week', i, 'ranges'], ctx);
    }
    const dates = new Set<string>();
    for (const [i, exception] of hours.exceptions.entries()) {
      if (dates.has(exception.date)) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.hoursDuplicateDay, path: ['exceptions', i, 'date'] });
      }
      dates.add(exception.date);
      reportRanges(exception.ranges, ['exceptions', i, 'ranges'], ctx);
    }
  });
export type TOpeningHours = z.infer<typeof ZOpeningHours>;

/** GET /api/devices/{device_code}/hours: the player's hours (null: none set, open at all times) and now. */
export const ZPlayerHours = z.object({
  device_code: z.string(),
  time_zone: z.string(),
  hours: ZOpeningHours.nullable(),
  open_now: z.boolean(),
  updated_by: z.string().nullable(),
  updated_at: ZInstant.nullable(),
});
export type TPlayerHours = z.infer<typeof ZPlayerHours>;

/** PUT …/hours: the hours to keep (null clears them: open at all times again). */
export const ZPlayerHoursUpdate = z.object({ hours: ZOpeningHours.nullable() });
export type TPlayerHoursUpdate = z.infer<typeof ZPlayerHoursUpdate>;

/**
 * POST /api/devices/hours: the same hours for a selection of players, the list's selected rows
 * (`device_codes`) or every player a player search finds (`filter`, the list's query: country, tag, store
 * type and the rest), within the user's reach.
 */
export const ZBulkHoursRequest = z
  .object({
    device_codes: z.array(ZDeviceCode).min(1, MESSAGES.selectSchedulePlayer).max(5000).optional(),
    filter: ZDeviceListQuery.omit({ endCursor: true, order: true, all: true, limit: true }).optional(),
    hours: ZOpeningHours.nullable(),
  })
  .refine((body) => (body.device_codes === undefined) !== (body.filter === undefined), {
    message: MESSAGES.selectSchedulePlayer,
    path: ['device_codes'],
  });
export type TBulkHoursRequest = z.infer<typeof ZBulkHoursRequest>;
export type TBulkHoursRequestIn = z.input<typeof ZBulkHoursRequest>;
export const ZBulkHoursResult = z.object({ updated: z.number().int(), device_codes: z.array(z.string()) });
export type TBulkHoursResult = z.infer<typeof ZBulkHoursResult>;
