import type { TimeZone } from '../rules/time';
import type { CountryCode } from './countries';

// The zone table alone, with no import of the time rules (Temporal): the schemas parse a player's zone with it, and
// the console's player screens load those schemas without the Temporal polyfill.

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

/** Every zone a catalogue country offers, each once. */
const CATALOGUE_ZONES: ReadonlySet<string> = new Set(Object.values(COUNTRY_TIME_ZONES).flat());

/** Whether `value` is one of the catalogue countries' zones, spelt as the catalogue spells it: a player's zone is one. */
export function isCatalogueZone(value: string): value is TimeZone {
  return CATALOGUE_ZONES.has(value);
}
