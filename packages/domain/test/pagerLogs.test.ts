import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultLogRange,
  formatLogTime,
  logFileName,
  maxPageOf,
  normaliseLogRange,
  pagerPages,
  pagerText,
  parseLogTime,
} from '../src';

describe('pager (SPEC 2 and 9)', () => {
  it('shows up to five pages either side of the current one', () => {
    expect(pagerPages(1, 20)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pagerPages(10, 20)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(pagerPages(20, 20)).toEqual([15, 16, 17, 18, 19, 20]);
    expect(pagerPages(1, 1)).toEqual([1]);
  });
  it("writes 'x-y / total'", () => {
    expect(pagerText(1, 23)).toBe('1-10 / 23');
    expect(pagerText(3, 23)).toBe('21-23 / 23');
    expect(pagerText(1, 0)).toBe('0-0 / 0');
    expect(maxPageOf(23)).toBe(3);
    expect(maxPageOf(0)).toBe(1);
  });
  it('always contains the current page and never more than 11 buttons', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (page, max) => {
        const pages = pagerPages(page, max);
        expect(pages).toContain(Math.min(page, max));
        expect(pages.length).toBeLessThanOrEqual(11);
      }),
    );
  });
});

describe('log search times (SPEC 5 and 9)', () => {
  it('reads and writes YYYY-MM-DD HH:mm in UTC and refuses impossible dates', () => {
    const date = parseLogTime('2026-02-03 04:05');
    expect(date?.toISOString()).toBe('2026-02-03T04:05:00.000Z');
    expect(formatLogTime(date!)).toBe('2026-02-03 04:05');
    expect(parseLogTime('2026-02-30 10:00')).toBeNull();
    expect(parseLogTime('2026-02-03T04:05')).toBeNull();
  });
  it('sets an end before the start to the start', () => {
    expect(normaliseLogRange('2026-02-03 10:00', '2026-02-02 10:00')).toEqual({
      start: '2026-02-03 10:00',
      end: '2026-02-03 10:00',
    });
    expect(normaliseLogRange('2026-02-03 10:00', '2026-02-04 10:00').end).toBe('2026-02-04 10:00');
  });
  it('defaults to 30 days back until tomorrow 00:00', () => {
    expect(defaultLogRange(new Date('2026-03-15T17:20:00Z'))).toEqual({
      start: '2026-02-13 00:00',
      end: '2026-03-16 00:00',
    });
  });
  it('names a download by region, shop number, device and minute', () => {
    const name = logFileName({ region: 'JP', shop_no: '0012', device_code: 'DV7K' }, new Date('2026-03-15T17:20:59Z'));
    expect(name).toBe('JP_0012_DV7K_202603151720.log');
  });
});
