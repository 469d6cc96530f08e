import { describe, expect, it } from 'vitest';
import {
  ZAlertMessage,
  ZCommand,
  ZContentHistoryList,
  ZDevice,
  ZEmergency,
  ZInstant,
  ZLocalDate,
  ZLogEntry,
  ZManifest,
  ZSchedule,
  ZScheduleBrief,
} from '../src';

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

  it('so do the schedule, log, alert, command, emergency and manifest answers (refused before: any string passed)', () => {
    const instants = [
      ZSchedule.shape.updated_at,
      ZScheduleBrief.shape.created_at,
      ZLogEntry.shape.started_at,
      ZLogEntry.shape.ended_at,
      ZAlertMessage.shape.created_at,
      ZAlertMessage.shape.sent_at,
      ZCommand.shape.requested_at,
      ZCommand.shape.answered_at,
      ZEmergency.shape.starts_at,
      ZManifest.shape.server_time,
    ];
    for (const field of instants) {
      expect(field.safeParse('2026-03-01T09:30:00.000Z').success).toBe(true);
      expect(field.safeParse('2026-03-01 09:30:00+00').success).toBe(false);
    }
  });
});
