import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  COUNTRY_TIME_ZONES,
  defaultZoneOf,
  isValidZone,
  isZoneOfCountry,
  MESSAGES,
  type TimeZone,
  ZDeviceTimeZone,
  zoneCity,
  zoneLabel,
  zonesOf,
} from '../src';

describe('country time zones', () => {
  it('gives every catalogue country at least one real IANA zone, none twice', () => {
    for (const country of COUNTRIES) {
      const zones = zonesOf(country);
      expect(zones.length, country).toBeGreaterThan(0);
      expect(new Set(zones).size, country).toBe(zones.length);
      for (const zone of zones) expect(isValidZone(zone), zone).toBe(true);
    }
    expect(Object.keys(COUNTRY_TIME_ZONES).sort()).toEqual([...COUNTRIES].sort());
  });

  it('lists several zones for countries that span them, the default first', () => {
    for (const country of ['US', 'CA', 'AU', 'RU', 'ID']) expect(zonesOf(country).length).toBeGreaterThan(1);
    expect(defaultZoneOf('US')).toBe('America/New_York');
    expect(defaultZoneOf('AU')).toBe('Australia/Sydney');
    expect(defaultZoneOf('JP')).toBe('Asia/Tokyo');
    expect(zonesOf('JP')).toEqual(['Asia/Tokyo']);
  });

  it('falls back to UTC for a value that is no catalogue country', () => {
    expect(defaultZoneOf('')).toBe('UTC');
    expect(defaultZoneOf('XX')).toBe('UTC');
    expect(zonesOf('XX')).toEqual([]);
  });

  it('accepts only a zone of the country', () => {
    expect(isZoneOfCountry('US', 'America/Chicago')).toBe(true);
    expect(isZoneOfCountry('US', 'Asia/Tokyo')).toBe(false);
    expect(isZoneOfCountry('JP', 'Asia/Tokyo')).toBe(true);
  });

  it('labels a zone by its city and the offset in force', () => {
    expect(zoneCity('America/Los_Angeles')).toBe('Los Angeles');
    expect(zoneCity('America/St_Johns')).toBe("St. John's");
    const ny = 'America/New_York' as TimeZone;
    expect(zoneLabel(ny, new Date('2026-01-15T00:00:00Z'))).toBe('New York (UTC-05:00)');
    expect(zoneLabel(ny, new Date('2026-07-15T00:00:00Z'))).toBe('New York (UTC-04:00)');
    expect(zoneLabel('Asia/Kolkata' as TimeZone, new Date('2026-07-15T00:00:00Z'))).toBe('Kolkata (UTC+05:30)');
  });

  it("parses a player's zone as staff send it into a catalogue TimeZone, trimmed; anything else is refused", () => {
    const parsed = ZDeviceTimeZone.safeParse(' America/New_York ');
    expect(parsed.success && parsed.data).toBe('America/New_York');
    if (parsed.success) expect(isZoneOfCountry('US', parsed.data)).toBe(true);
    // A real IANA zone no catalogue country offers, a misspelling, another case, the offset form: refused with
    // the catalogue's message (before, only the shape was checked here and the server found them out).
    for (const value of ['Europe/Vatican', 'America/New York', 'asia/tokyo', '+09:00', '', 'x'.repeat(65)]) {
      const result = ZDeviceTimeZone.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message, value).toBe(MESSAGES.invalidTimeZone);
    }
  });
});
