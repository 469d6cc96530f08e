import { formatOffset, offsetMinutes, parseZone, type TimeZone, UTC } from '../rules/time';
import type { CountryCode } from './countries';
import { isCountry } from './countries';

/**
 * The IANA zones a player in each catalogue country can be in. The first is the default at registration:
 * the zone of the country's capital or of most of its stores (US: New York, CA: Toronto, AU: Sydney,
 * RU: Moscow, ID: Jakarta). Countries spanning several zones list each zone with its own rules once
 * (Arizona keeps no DST, so Phoenix stands apart from Denver; Queensland likewise from Sydney).
 */
export const COUNTRY_TIME_ZONES: Record<CountryCode, readonly TimeZone[]> = zones({
  JP: ['Asia/Tokyo'],
  US: [
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Phoenix',
    'America/Los_Angeles',
    'America/Anchorage',
    'Pacific/Honolulu',
  ],
  CA: [
    'America/Toronto',
    'America/Vancouver',
    'America/Edmonton',
    'America/Regina',
    'America/Winnipeg',
    'America/Halifax',
    'America/St_Johns',
  ],
  TW: ['Asia/Taipei'],
  HK: ['Asia/Hong_Kong'],
  GB: ['Europe/London'],
  FR: ['Europe/Paris'],
  DE: ['Europe/Berlin'],
  BE: ['Europe/Brussels'],
  RU: [
    'Europe/Moscow',
    'Europe/Kaliningrad',
    'Europe/Samara',
    'Asia/Yekaterinburg',
    'Asia/Omsk',
    'Asia/Novosibirsk',
    'Asia/Krasnoyarsk',
    'Asia/Irkutsk',
    'Asia/Yakutsk',
    'Asia/Vladivostok',
    'Asia/Magadan',
    'Asia/Kamchatka',
  ],
  ES: ['Europe/Madrid', 'Atlantic/Canary'],
  SE: ['Europe/Stockholm'],
  NL: ['Europe/Amsterdam'],
  IT: ['Europe/Rome'],
  DK: ['Europe/Copenhagen'],
  LU: ['Europe/Luxembourg'],
  PL: ['Europe/Warsaw'],
  SG: ['Asia/Singapore'],
  MY: ['Asia/Kuala_Lumpur'],
  TH: ['Asia/Bangkok'],
  PH: ['Asia/Manila'],
  ID: ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'],
  VN: ['Asia/Ho_Chi_Minh'],
  IN: ['Asia/Kolkata'],
  KR: ['Asia/Seoul'],
  AU: [
    'Australia/Sydney',
    'Australia/Melbourne',
    'Australia/Brisbane',
    'Australia/Adelaide',
    'Australia/Darwin',
    'Australia/Perth',
    'Australia/Hobart',
    // Lord Howe Island (New South Wales): half-hour DST, UTC+10:30 in winter and +11:00 in summer.
    'Australia/Lord_Howe',
  ],
});

function zones(table: Record<CountryCode, readonly string[]>): Record<CountryCode, readonly TimeZone[]> {
  return table as Record<CountryCode, readonly TimeZone[]>;
}

/** The zones offered for a country; empty for a value that is not a catalogue country. */
export function zonesOf(country: string): readonly TimeZone[] {
  return isCountry(country) ? COUNTRY_TIME_ZONES[country] : [];
}

/** The zone a player gets at registration when none is chosen; UTC for a value that is no country. */
export function defaultZoneOf(country: string): TimeZone {
  return zonesOf(country)[0] ?? UTC;
}

export function isZoneOfCountry(country: string, zone: string): boolean {
  return zonesOf(country).includes(zone as TimeZone);
}

const CITY_SPELLING: Partial<Record<string, string>> = { 'America/St_Johns': "St. John's" };

/** The city a zone is named after, as people write it ('America/New_York' -> 'New York'). */
export function zoneCity(zone: string): string {
  return CITY_SPELLING[zone] ?? (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

/**
 * 'New York (UTC-05:00)': the city and the offset in force at that moment (DST included). A value the
 * runtime does not know as a zone is shown as it is, so a display never fails on stored data.
 */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  const known = parseZone(zone);
  return known ? `${zoneCity(known)} (${formatOffset(offsetMinutes(known, at))})` : zone;
}
