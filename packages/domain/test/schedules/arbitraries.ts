import fc from 'fast-check';
import { addDays, type LocalDate, type LocalTime, type TimeZone } from '../../src';

export const date = (text: string) => text as LocalDate;
export const time = (text: string) => text as LocalTime;
export const zone = (id: string) => id as TimeZone;

export const NEW_YORK = zone('America/New_York');
export const SYDNEY = zone('Australia/Sydney');
export const TOKYO = zone('Asia/Tokyo');
export const ZONES = [NEW_YORK, SYDNEY, TOKYO, zone('Europe/London'), zone('UTC'), zone('Asia/Kolkata')];

const BASE = date('2026-01-01');
/** A day between 2024 and 2028: every DST change of those years is in reach. */
export const arbDate = fc.integer({ min: -730, max: 730 }).map((n) => addDays(BASE, n));
export const arbZone = fc.constantFrom(...ZONES);
/** 'HH:mm' on the 5-minute step. */
export const arbStepTime = fc
  .integer({ min: 0, max: 287 })
  .map((n) => `${String(Math.floor(n / 12)).padStart(2, '0')}:${String((n % 12) * 5).padStart(2, '0')}`);
export const arbIds = fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 4 });
