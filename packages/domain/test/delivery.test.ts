import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, NIGHT_DELIVERY_TAIL_MS, nightDeliveryMomentMs, nightDeliveryWindow, spreadHash } from '../src/index';

describe('night delivery spread over its window', () => {
  it('is the download hour to the store midnight, 23:00 by default', () => {
    expect(nightDeliveryWindow()).toEqual({ startMs: 23 * HOUR_MS, endMs: 24 * HOUR_MS });
    expect(nightDeliveryWindow('20')).toEqual({ startMs: 20 * HOUR_MS, endMs: 24 * HOUR_MS });
    expect(() => nightDeliveryWindow('')).toThrow(RangeError);
    expect(() => nightDeliveryWindow('24')).toThrow("download hour must be a whole hour from 0 to 23, got '24'");
  });

  it("puts every player's moment inside its window, before the tail, on a whole second, the same every time", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 23 }), (code, hour) => {
        const moment = nightDeliveryMomentMs(code, hour);
        const { startMs, endMs } = nightDeliveryWindow(hour);
        expect(moment).toBeGreaterThanOrEqual(startMs);
        expect(moment).toBeLessThan(endMs - NIGHT_DELIVERY_TAIL_MS);
        expect(moment % 1000).toBe(0);
        expect(nightDeliveryMomentMs(code, hour)).toBe(moment);
      }),
    );
  });

  it('spreads 20,000 players with near-sequential codes evenly over the minutes of the window', () => {
    const perMinute = new Map<number, number>();
    for (let i = 1; i <= 20_000; i += 1) {
      const minute = Math.floor((nightDeliveryMomentMs(`JP${String(i).padStart(6, '0')}`) - 23 * HOUR_MS) / 60_000);
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
    }
    const minutes = 60 - NIGHT_DELIVERY_TAIL_MS / 60_000;
    expect([...perMinute.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: minutes }, (_, m) => m));
    const mean = 20_000 / minutes;
    // All at once would be 20,000 in one minute; an even spread keeps every minute near the mean.
    expect(Math.max(...perMinute.values())).toBeLessThan(mean * 1.3);
    expect(Math.min(...perMinute.values())).toBeGreaterThan(mean * 0.7);
  });

  it('draws neighbouring codes far apart', () => {
    expect(spreadHash('0001')).not.toBe(spreadHash('0002'));
    const a = nightDeliveryMomentMs('JP000101');
    const b = nightDeliveryMomentMs('JP000102');
    expect(Math.abs(a - b)).toBeGreaterThan(0);
  });
});
