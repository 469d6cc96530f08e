import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRanges,
  instantOf,
  isStoreOpen,
  type LocalDate,
  type LocalTime,
  type OpeningHours,
  openingWindows,
  type TimeZone,
  ZOpeningHours,
} from '../src';

const LONDON = 'Europe/London' as TimeZone;
const TOKYO = 'Asia/Tokyo' as TimeZone;
const at = (iso: string) => new Date(iso);
const sunday = (ranges: { open: string; close: string }[]): OpeningHours => ({
  week: [{ day: 7, ranges }],
  exceptions: [],
});
const iso = (ms: number) => new Date(ms).toISOString();

describe('opening hours across the 2027-03-28 London gap (01:00 GMT becomes 02:00 BST)', () => {
  it('an opening inside the gap is shifted forward by it: 01:30 opens at 02:30 BST', () => {
    const hours = sunday([{ open: '01:30', close: '03:00' }]);
    const day = '2027-03-28' as LocalDate;
    expect(openingWindows(hours, LONDON, day, day).map((w) => [iso(w.start), iso(w.end)])).toEqual([
      ['2027-03-28T01:30:00.000Z', '2027-03-28T02:00:00.000Z'],
    ]);
    // The same instant the schedules' engine names for 01:30 that day (one DST rule).
    expect(instantOf(day, '01:30:00' as LocalTime, LONDON)).toBe('2027-03-28T01:30:00Z');
    expect(isStoreOpen(hours, LONDON, at('2027-03-28T01:15:00Z'))).toBe(false);
    expect(isStoreOpen(hours, LONDON, at('2027-03-28T01:30:00Z'))).toBe(true);
    expect(isStoreOpen(hours, LONDON, at('2027-03-28T01:59:59Z'))).toBe(true);
    expect(isStoreOpen(hours, LONDON, at('2027-03-28T02:00:00Z'))).toBe(false);
  });

  it('a closing inside the gap is shifted too; a range the gap leaves closing before it opens is closed', () => {
    const day = '2027-03-28' as LocalDate;
    const closing = sunday([{ open: '00:30', close: '01:30' }]);
    expect(openingWindows(closing, LONDON, day, day).map((w) => [iso(w.start), iso(w.end)])).toEqual([
      ['2027-03-28T00:30:00.000Z', '2027-03-28T01:30:00.000Z'],
    ]);
    const emptied = sunday([{ open: '01:30', close: '02:15' }]);
    expect(openingWindows(emptied, LONDON, day, day)).toEqual([]);
    expect(isStoreOpen(emptied, LONDON, at('2027-03-28T01:20:00Z'))).toBe(false);
  });

  it('usual hours move with the offset: 09:00-17:00 is 09-17 UTC on Saturday and 08-16 UTC on Sunday', () => {
    const week = [6, 7].map((day) => ({ day, ranges: [{ open: '09:00', close: '17:00' }] }));
    const hours: OpeningHours = { week, exceptions: [] };
    const windows = openingWindows(hours, LONDON, '2027-03-27' as LocalDate, '2027-03-28' as LocalDate);
    expect(windows.map((w) => [iso(w.start), iso(w.end)])).toEqual([
      ['2027-03-27T09:00:00.000Z', '2027-03-27T17:00:00.000Z'],
      ['2027-03-28T08:00:00.000Z', '2027-03-28T16:00:00.000Z'],
    ]);
    expect(isStoreOpen(hours, LONDON, at('2027-03-28T16:30:00Z'))).toBe(false);
    expect(isStoreOpen(hours, LONDON, at('2027-03-28T15:59:00Z'))).toBe(true);
  });

  it('in the autumn overlap a time is its earlier occurrence (01:30 on 2027-10-31 is 00:30 UTC)', () => {
    const hours = sunday([{ open: '01:30', close: '03:00' }]);
    const day = '2027-10-31' as LocalDate;
    expect(openingWindows(hours, LONDON, day, day).map((w) => [iso(w.start), iso(w.end)])).toEqual([
      ['2027-10-31T00:30:00.000Z', '2027-10-31T03:00:00.000Z'],
    ]);
  });
});

describe('opening hours', () => {
  it('no hours is open at all times; a day with no ranges is closed', () => {
    expect(isStoreOpen(null, LONDON, at('2027-03-28T03:00:00Z'))).toBe(true);
    expect(isStoreOpen({ week: [], exceptions: [] }, LONDON, at('2027-03-28T12:00:00Z'))).toBe(false);
  });

  it('an exception date replaces its weekday: closed, or special hours', () => {
    const week = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: [{ open: '10:00', close: '20:00' }] }));
    const hours: OpeningHours = {
      week,
      exceptions: [
        { date: '2027-01-01', ranges: [] },
        { date: '2027-01-02', ranges: [{ open: '12:00', close: '15:00' }] },
      ],
    };
    // Tokyo is UTC+9: 10:00 local is 01:00 UTC.
    expect(isStoreOpen(hours, TOKYO, at('2026-12-31T02:00:00Z'))).toBe(true);
    expect(isStoreOpen(hours, TOKYO, at('2027-01-01T02:00:00Z'))).toBe(false);
    expect(isStoreOpen(hours, TOKYO, at('2027-01-02T02:00:00Z'))).toBe(false);
    expect(isStoreOpen(hours, TOKYO, at('2027-01-02T04:00:00Z'))).toBe(true);
  });

  it('a day closing at 24:00 and the next opening at 00:00 are one window, past midnight', () => {
    const hours: OpeningHours = {
      week: [
        { day: 5, ranges: [{ open: '18:00', close: '24:00' }] },
        { day: 6, ranges: [{ open: '00:00', close: '02:00' }] },
      ],
      exceptions: [],
    };
    const windows = openingWindows(hours, TOKYO, '2027-01-01' as LocalDate, '2027-01-02' as LocalDate);
    expect(windows.map((w) => [iso(w.start), iso(w.end)])).toEqual([
      ['2027-01-01T09:00:00.000Z', '2027-01-01T17:00:00.000Z'],
    ]);
    expect(isStoreOpen(hours, TOKYO, at('2027-01-01T16:30:00Z'))).toBe(true);
  });

  it('names each wrong field: bad time, closing before opening, overlap, too many ranges, a day twice', () => {
    expect(checkRanges([{ open: '9:00', close: '10:00' }])).toEqual({ index: 0, problem: 'open' });
    expect(checkRanges([{ open: '10:00', close: '09:00' }])).toEqual({ index: 0, problem: 'order' });
    const issues = (value: unknown) =>
      ZOpeningHours.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(
      issues({ week: [], exceptions: [{ date: '2027-01-01', ranges: [{ open: '25:00', close: '26:00' }] }] }),
    ).toEqual([
      ['exceptions.0.ranges.0.open', 'Please enter the time as HH:mm (a closing time may be 24:00)'],
      ['exceptions.0.ranges.0.close', 'Please enter the time as HH:mm (a closing time may be 24:00)'],
    ]);
    expect(
      issues({
        week: [
          { day: 1, ranges: [{ open: '10:00', close: '09:00' }] },
          {
            day: 2,
            ranges: [
              { open: '09:00', close: '12:00' },
              { open: '11:00', close: '13:00' },
            ],
          },
          { day: 2, ranges: [] },
        ],
        exceptions: [],
      }),
    ).toEqual([
      ['week.0.ranges.0.close', 'The closing time must be later than the opening time'],
      ['week.1.ranges.1.open', 'The opening times of a day must not overlap'],
      ['week.2', 'Each day may be given only once'],
    ]);
  });

  it('is open exactly inside the windows it computes, in any zone and hours (property)', () => {
    const minute = fc.integer({ min: 0, max: 24 * 60 - 1 });
    const range = fc.tuple(minute, fc.integer({ min: 1, max: 600 })).map(([open, length]) => {
      const close = Math.min(open + length, 1440);
      const clock = (m: number) =>
        m === 1440 ? '24:00' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      return { open: clock(open), close: clock(close) };
    });
    const zone = fc.constantFrom(LONDON, TOKYO, 'America/New_York' as TimeZone, 'Australia/Sydney' as TimeZone);
    const instant = fc.integer({ min: Date.UTC(2027, 0, 1), max: Date.UTC(2027, 11, 31) });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 7 }), range), { maxLength: 7 }),
        zone,
        instant,
        (entries, z, ms) => {
          const week = [...new Map(entries.map(([day, r]) => [day, { day, ranges: [r] }])).values()];
          const hours: OpeningHours = { week, exceptions: [] };
          const from = new Date(ms - 2 * 86_400_000).toISOString().slice(0, 10) as LocalDate;
          const to = new Date(ms + 2 * 86_400_000).toISOString().slice(0, 10) as LocalDate;
          const inside = openingWindows(hours, z, from, to).some((w) => w.start <= ms && ms < w.end);
          expect(isStoreOpen(hours, z, new Date(ms))).toBe(inside);
        },
      ),
      { numRuns: 200 },
    );
  });
});
