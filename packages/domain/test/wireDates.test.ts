import { describe, expect, it } from 'vitest';
import { ZContentHistoryList, ZDevice, ZInstant, ZLocalDate } from '../src';

describe('dates on the wire', () => {
  it('an instant is ISO 8601 with Z or an offset, as the server writes it; not PostgreSQL text or a bare day', () => {
    expect(ZInstant.safeParse('2026-03-01T09:30:00.000Z').success).toBe(true);
    expect(ZInstant.safeParse('2026-03-01T18:30:00+09:00').success).toBe(true);
    expect(ZInstant.safeParse('2026-03-01 09:30:00+00').success).toBe(false);
    expect(ZInstant.safeParse('2026-03-01').success).toBe(false);
    expect(ZInstant.safeParse('').success).toBe(false);
  });

  it('a local date is one calendar day, YYYY-MM-DD', () => {
    expect(ZLocalDate.safeParse('2026-03-01').success).toBe(true);
    expect(ZLocalDate.safeParse('2026-3-1').success).toBe(false);
    expect(ZLocalDate.safeParse('2026-02-30').success).toBe(false);
    expect(ZLocalDate.safeParse('2026-03-01T00:00:00.000Z').success).toBe(false);
  });

  it('answers declare their dates with them: a device answer with a date in another format is refused', () => {
    const updatedAt = ZDevice.shape.updated_at;
    expect(updatedAt.safeParse('2026-03-01T09:30:00.000Z').success).toBe(true);
    expect(updatedAt.safeParse('yesterday').success).toBe(false);
    const startDate = ZContentHistoryList.shape.start_date;
    expect(startDate.safeParse('2026-03-01').success).toBe(true);
    expect(startDate.safeParse('03/01/2026').success).toBe(false);
  });
});
