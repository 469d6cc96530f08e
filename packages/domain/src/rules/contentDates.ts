// Content dates that need the time-zone library. Kept apart from rules/contents.ts, which the API schemas
// import, so the console's first load does not carry the Temporal polyfill for pages that never show a date.
import { LATEST_ZONE, type LocalDate, todayIn } from './time';

/**
 * The earliest licence start the server accepts. Licence dates are wall-clock dates and a content is
 * sent worldwide, so a start is refused only when it is in the past for every store on Earth: before
 * today in the last zone to begin a day (UTC-12). A stricter UTC 'today' would refuse a user in Tokyo
 * or Sydney their own today for part of the day.
 */
export function earliestLicenseStart(now: Date): LocalDate {
  return todayIn(LATEST_ZONE, now);
}
