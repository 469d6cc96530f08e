import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoString, parseTimestamp } from '../src/db/timestamps';

/** Instants from year 0001 to 9999 (PostgreSQL's text form has no year 0: it writes 1 BC). */
const instants = fc.integer({ min: -62_135_596_800_000, max: 253_402_300_799_999 });
/** Session offsets in whole minutes (V8 reads no seconds in an offset; PostgreSQL writes them for old local mean times). */
const offsets = fc.integer({ min: -15 * 60, max: 15 * 60 }).map((minutes) => minutes * 60);
const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** How PostgreSQL writes a timestamptz in a session at a fixed offset (DateStyle ISO), micro-seconds and all. */
function pgText(ms: number, micros: number, offsetSeconds: number): string {
  const local = new Date(ms + offsetSeconds * 1000);
  const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  const fraction = `${pad(local.getUTCMilliseconds(), 3)}${pad(micros, 3)}`.replace(/0+$/, '');
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  const offset = `${sign}${pad(h)}${m || s ? `:${pad(m)}` : ''}${s ? `:${pad(s)}` : ''}`;
  return `${date} ${time}${fraction ? `.${fraction}` : ''}${offset}`;
}

describe('timestamps on the player list path', () => {
  it('parses what PostgreSQL writes to the instant it wrote, as new Date(text) does from 1970 on', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: 0, max: 999 }), offsets, (ms, micros, offset) => {
        expect(parseTimestamp(pgText(ms, micros, offset)).getTime()).toBe(ms);
      }),
      { numRuns: 2000 },
    );
    // V8's own parser reads '0099-12-31' as 1999: the fast path is compared with it where it is right.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 253_402_300_799_999 }),
        fc.integer({ min: 0, max: 999 }),
        offsets,
        (ms, micros, offset) => {
          const text = pgText(ms, micros, offset);
          expect(parseTimestamp(text).getTime()).toBe(new Date(text).getTime());
        },
      ),
      { numRuns: 2000 },
    );
    for (const text of ['2026-11-27 15:38:44+00', '2026-11-27 15:38:44.5+09', '2026-03-01 00:00:00-03:30']) {
      expect(parseTimestamp(text).getTime()).toBe(new Date(text).getTime());
    }
    // An offset with seconds (Asia/Tokyo before 1888: +09:18:59), which V8 does not read at all.
    expect(parseTimestamp('1880-01-01 09:18:59+09:18:59').toISOString()).toBe('1880-01-01T00:00:00.000Z');
  });

  it('hands what it does not read itself to new Date', () => {
    for (const text of ['infinity', '-infinity', '0044-03-15 12:00:00+00 BC', '12026-01-01 00:00:00+00', 'garbage']) {
      expect(parseTimestamp(text).getTime()).toEqual(new Date(text).getTime());
    }
  });

  it('writes exactly what toISOString writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        expect(isoString(new Date(ms))).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(instants, (ms) => {
        expect(isoString(new Date(ms))).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 2000 },
    );
    for (const ms of [0, -1, -62_167_219_200_000, 253_402_300_799_999, 253_402_300_800_000, 951_782_400_000]) {
      expect(isoString(new Date(ms))).toBe(new Date(ms).toISOString());
    }
    expect(() => isoString(new Date(Number.NaN))).toThrow(RangeError);
  });
});
