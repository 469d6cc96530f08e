import { DAY_MS } from '../catalog/constants';

/**
 * 'YYYY-MM-DD HH:mm' in UTC, the format of the log search (SPEC.md sections 7 and 9). A deliberate
 * choice over the player's zone: log files are uploaded with UTC instants, FRIT staff compare logs of
 * players in many zones, and the spec shows timestamps in GMT; so the wire stays UTC and the console
 * labels every log time '(GMT)' (logs.timeFormat, logs.range).
 */
export const LOG_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
export const LOG_DEFAULT_DAYS_BACK = 30;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatLogTime(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** Reads 'YYYY-MM-DD HH:mm' (UTC); null when it is not a real moment. */
export function parseLogTime(text: string): Date | null {
  const match = LOG_TIME_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  const roundTrips =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi;
  return roundTrips ? date : null;
}

/** SPEC.md section 5: an end time before the start is set to the start. */
export function normaliseLogRange<T extends Date | string>(start: T, end: T): { start: T; end: T } {
  const startMs = new Date(typeof start === 'string' ? `${start.replace(' ', 'T')}Z` : start).getTime();
  const endMs = new Date(typeof end === 'string' ? `${end.replace(' ', 'T')}Z` : end).getTime();
  return endMs < startMs ? { start, end: start } : { start, end };
}

/** SPEC.md section 9: the log search ends tomorrow 00:00 (UTC) and starts 30 days before today 00:00. */
export function defaultLogRange(now: Date): { start: string; end: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    start: formatLogTime(new Date(today - LOG_DEFAULT_DAYS_BACK * DAY_MS)),
    end: formatLogTime(new Date(today + DAY_MS)),
  };
}

const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9-]/g, '') || 'NA';

/** '<region>_<shopNo>_<device>_<YYYYMMDDHHmm>.log' (SPEC.md section 7, log download). */
export function logFileName(device: { region: string; shop_no: string; device_code: string }, at: Date): string {
  const stamp = formatLogTime(at).replace(/[- :]/g, '');
  return `${fileSafe(device.region)}_${fileSafe(device.shop_no)}_${fileSafe(device.device_code)}_${stamp}.log`;
}
