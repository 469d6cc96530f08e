import type { LocalDate, TimeZone } from '@signage/domain';
import { describe, expect, it } from 'vitest';
import { scheduleOf } from '../contentList/testing';
import { barsOf, canZoom, positionOf, spanDays, TIMELINE, timelineRange } from './range';

const TOKYO = 'Asia/Tokyo' as TimeZone;
const NEW_YORK = 'America/New_York' as TimeZone;
const HOUR = 3_600_000;

describe('timeline range', () => {
  it('runs from the first day 00:00 to the tenth day 23:59:59.999 in the player zone', () => {
    const range = timelineRange('2026-11-23' as LocalDate, TIMELINE.defaultDays, TOKYO);
    expect(new Date(range.fromMs).toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(new Date(range.toMs).toISOString()).toBe('2026-12-02T14:59:59.999Z');
    expect(range.days.map((d) => d.date)).toHaveLength(10);
  });

  it('keeps a DST day at its real length (25 hours when New York falls back)', () => {
    const range = timelineRange('2026-10-31' as LocalDate, 3, NEW_YORK);
    const [sat, sun, mon] = range.days.map((d) => d.startMs) as [number, number, number];
    expect(sun - sat).toBe(24 * HOUR);
    expect(mon - sun).toBe(25 * HOUR);
  });

  it('offers zoom only for spans of 28 to 31 days', () => {
    expect([27, 28, 30, 31, 32, 10, 14].map(canZoom)).toEqual([false, true, true, true, false, false, false]);
    expect(spanDays('2026-02-01' as LocalDate, 'month')).toBe(28);
    expect(spanDays('2026-01-31' as LocalDate, 'month')).toBe(28);
    expect(spanDays('2026-03-10' as LocalDate, 'month')).toBe(31);
    expect(spanDays('2026-11-23' as LocalDate, 'month')).toBe(30);
    expect(spanDays('2026-11-23' as LocalDate, 'days10')).toBe(10);
    for (const start of ['2026-01-31', '2026-02-15', '2026-04-30', '2026-12-31']) {
      expect(canZoom(spanDays(start as LocalDate, 'month'))).toBe(true);
    }
  });

  it('draws a daily schedule as one bar a day, from the domain windows', () => {
    const range = timelineRange('2026-11-23' as LocalDate, 10, TOKYO);
    const bars = barsOf(
      scheduleOf({
        available_date_from: '2026-11-25',
        available_date_to: '2026-11-27',
        available_time_from: '10:00:00',
        available_time_to: '21:59:59',
      }),
      TOKYO,
      range,
    );
    expect(bars).toHaveLength(3);
    expect(new Date(bars[0]?.startMs ?? 0).toISOString()).toBe('2026-11-25T01:00:00.000Z');
    expect(new Date(bars[0]?.endMs ?? 0).toISOString()).toBe('2026-11-25T13:00:00.000Z');
    expect(bars[0]?.left).toBeCloseTo((2 * 24 + 10) / 240);
    expect(bars[0]?.width).toBeCloseTo(12 / 240);
  });

  it('clips an all-day schedule without end to the range and marks the open end', () => {
    const range = timelineRange('2026-11-23' as LocalDate, 10, TOKYO);
    const [bar] = barsOf(scheduleOf({ available_date_from: '2026-11-01', available_date_to: '' }), TOKYO, range);
    expect(bar).toMatchObject({ left: 0, width: 1, openStart: true, openEnd: true });
    expect(positionOf(range.fromMs - 1, range)).toBeNull();
  });
});
