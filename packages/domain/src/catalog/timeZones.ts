import { formatOffset, offsetMinutes, parseZone, type TimeZone, UTC } from '../rules/time';
import { isCountry } from './countries';
import { COUNTRY_TIME_ZONES } from './countryZones';

export { COUNTRY_TIME_ZONES, isCatalogueZone } from './countryZones';

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
