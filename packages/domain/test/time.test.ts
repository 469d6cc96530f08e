import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatOffset,
  instantOf,
  isValidZone,
  LATEST_ZONE,
  type LocalDate,
  type LocalTime,
  offsetMinutes,
  parseLocalDate,
  parseLocalTime,
  parseZone,
  type TimeZone,
  todayIn,
  zonedNow,
} from '../src';

const zone = (id: string) => id as TimeZone;
const date = (text: string) => text as LocalDate;
const time = (text: string) => text as LocalTime;
const NEW_YORK = zone('America/New_York');
const LONDON = zone('Europe/London');
const SYDNEY = zone('Australia/Sydney');
const DST_ZONES = [NEW_YORK, LONDON, SYDNEY];

describe('zones', () => {
  it('knows IANA names and refuses offsets, junk and wrong spellings', () => {
    expect(isValidZone('Asia/Tokyo')).toBe(true);
    expect(isValidZone('UTC')).toBe(true);
    expect(isValidZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isValidZone('+09:00')).toBe(false);
    expect(isValidZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidZone('')).toBe(false);
    expect(isValidZone('asia/tokyo')).toBe(false);
    expect(parseZone('asia/tokyo')).toBe('Asia/Tokyo');
  });

  it('gives the offset in force at an instant, DST included', () => {
    expect(offsetMinutes(NEW_YORK, new Date('2026-01-15T12:00:00Z'))).toBe(-300);
    expect(offsetMinutes(NEW_YORK, new Date('2026-07-15T12:00:00Z'))).toBe(-240);
    expect(offsetMinutes(SYDNEY, new Date('2026-01-15T12:00:00Z'))).toBe(660);
    expect(offsetMinutes(SYDNEY, new Date('2026-07-15T12:00:00Z'))).toBe(600);
    expect(offsetMinutes(zone('Asia/Kolkata'), new Date('2026-07-15T12:00:00Z'))).toBe(330);
    expect(formatOffset(-210)).toBe('UTC-03:30');
    expect(formatOffset(0)).toBe('UTC+00:00');
    expect(formatOffset(540)).toBe('UTC+09:00');
  });
});

describe('store-local values', () => {
  it('parses real dates and clock times only', () => {
    expect(parseLocalDate('2028-02-29')).toBe('2028-02-29');
    expect(parseLocalDate('2026-02-29')).toBeNull();
    expect(parseLocalDate('2026-2-1')).toBeNull();
    expect(parseLocalTime('09:05')).toBe('09:05:00');
    expect(parseLocalTime('23:59:59')).toBe('23:59:59');
    expect(parseLocalTime('24:00')).toBeNull();
    expect(parseLocalTime('12:60:00')).toBeNull();
  });

  it('reads the store clock at an instant: the same moment is a different day in Tokyo and New York', () => {
    const at = new Date('2026-03-01T02:30:00Z');
    expect(zonedNow(zone('Asia/Tokyo'), at)).toEqual({ date: '2026-03-01', time: '11:30:00' });
    expect(zonedNow(NEW_YORK, at)).toEqual({ date: '2026-02-28', time: '21:30:00' });
    expect(todayIn(NEW_YORK, at)).toBe('2026-02-28');
  });

  it('adds days across month, year and DST boundaries', () => {
    expect(addDays(date('2026-12-31'), 1)).toBe('2027-01-01');
    expect(addDays(date('2028-03-01'), -1)).toBe('2028-02-29');
    expect(addDays(date('2026-03-07'), 2)).toBe('2026-03-09');
    expect(daysBetween(date('2026-03-07'), date('2026-03-09'))).toBe(2);
  });

  it('the latest zone still has yesterday when every other zone has moved on', () => {
    const at = new Date('2026-05-10T11:00:00Z');
    expect(todayIn(LATEST_ZONE, at)).toBe('2026-05-09');
    expect(todayIn(zone('Pacific/Kiritimati'), at)).toBe('2026-05-11');
  });
});

describe('instantOf: DST policy', () => {
  it('resolves an ordinary wall-clock time in the zone', () => {
    expect(instantOf(date('2026-07-01'), time('10:00:00'), LONDON)).toBe('2026-07-01T09:00:00Z');
    expect(instantOf(date('2026-01-01'), time('10:00:00'), LONDON)).toBe('2026-01-01T10:00:00Z');
  });

  it('shifts a time inside a spring-forward gap forward by the gap', () => {
    // New York skips 02:00-03:00 on 2026-03-08; 02:30 does not exist and becomes 03:30 EDT.
    expect(instantOf(date('2026-03-08'), time('02:30:00'), NEW_YORK)).toBe('2026-03-08T07:30:00Z');
    // London skips 01:00-02:00 on 2026-03-29.
    expect(instantOf(date('2026-03-29'), time('01:15:00'), LONDON)).toBe('2026-03-29T01:15:00Z');
    // Sydney skips 02:00-03:00 on 2026-10-04.
    expect(instantOf(date('2026-10-04'), time('02:00:00'), SYDNEY)).toBe('2026-10-03T16:00:00Z');
  });

  it('takes the earlier of two occurrences in an autumn overlap', () => {
    // New York repeats 01:00-02:00 on 2026-11-01: 01:30 EDT (05:30Z) comes before 01:30 EST (06:30Z).
    expect(instantOf(date('2026-11-01'), time('01:30:00'), NEW_YORK)).toBe('2026-11-01T05:30:00Z');
    expect(instantOf(date('2026-10-25'), time('01:30:00'), LONDON)).toBe('2026-10-25T00:30:00Z');
    // Sydney repeats 02:00-03:00 on 2026-04-05: the earlier 02:30 is still AEDT (+11).
    expect(instantOf(date('2026-04-05'), time('02:30:00'), SYDNEY)).toBe('2026-04-04T15:30:00Z');
  });
});

// Instants from 2020 to 2035 at whole seconds: enough DST changes of every kind in the three zones.
const instants = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2035, 0, 1) / 1000 })
  .map((seconds) => new Date(seconds * 1000));
const zones = fc.constantFrom(...DST_ZONES);
const localDates = fc.integer({ min: 0, max: 15 * 366 }).map((days) => addDays(date('2020-01-01'), days));
const localTimes = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m, s]) => [h, m, s].map((n) => String(n).padStart(2, '0')).join(':') as LocalTime);

describe('properties across DST changes', () => {
  it('an instant read as store date and time resolves back to itself, except for the later of a repeat', () => {
    fc.assert(
      fc.property(zones, instants, (z, at) => {
        const { date: d, time: t } = zonedNow(z, at);
        const back = new Date(instantOf(d, t, z)).getTime();
        // Only in an overlap can the wall clock name two instants; the policy picks the earlier one.
        const repeatedOffsetGap = (offsetMinutes(z, new Date(back)) - offsetMinutes(z, at)) * 60_000;
        expect(back === at.getTime() || back === at.getTime() - repeatedOffsetGap).toBe(true);
        expect(back).toBeLessThanOrEqual(at.getTime());
      }),
      { numRuns: 2000 },
    );
  });

  it('a resolved store time reads back as the same wall clock, or later by the gap it fell in', () => {
    fc.assert(
      fc.property(zones, localDates, localTimes, (z, d, t) => {
        const at = new Date(instantOf(d, t, z));
        const seen = zonedNow(z, at);
        const wanted = new Date(`${d}T${t}Z`).getTime();
        const got = new Date(`${seen.date}T${seen.time}Z`).getTime();
        // Equal outside a gap; inside one, shifted forward by at most the gap (one hour in these zones).
        expect(got - wanted).toBeGreaterThanOrEqual(0);
        expect(got - wanted).toBeLessThanOrEqual(60 * 60_000);
        if (got !== wanted)
          expect(offsetMinutes(z, at)).toBeGreaterThan(offsetMinutes(z, new Date(at.getTime() - 3 * 3600_000)));
      }),
      { numRuns: 2000 },
    );
  });

  it('in UTC a store time is its own instant', () => {
    fc.assert(
      fc.property(localDates, localTimes, (d, t) => {
        expect(instantOf(d, t, zone('UTC'))).toBe(`${d}T${t}Z`);
      }),
    );
  });

  it('the offset is always the difference between the wall clock and UTC', () => {
    fc.assert(
      fc.property(zones, instants, (z, at) => {
        const { date: d, time: t } = zonedNow(z, at);
        const wall = new Date(`${d}T${t}Z`).getTime();
        expect((wall - at.getTime()) / 60_000).toBe(offsetMinutes(z, at));
      }),
      { numRuns: 2000 },
    );
  });

  it('addDays and daysBetween agree, whatever the DST', () => {
    fc.assert(
      fc.property(localDates, fc.integer({ min: -800, max: 800 }), (d, n) => {
        expect(daysBetween(d, addDays(d, n))).toBe(n);
        expect(parseLocalDate(addDays(d, n))).toBe(addDays(d, n));
      }),
    );
  });
});
