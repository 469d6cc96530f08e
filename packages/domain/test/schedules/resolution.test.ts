import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  type Instant,
  instantOf,
  type ResolvableSchedule,
  resolveCurrentSchedule,
  resolveNextSchedule,
  resolveSchedules,
  scheduleWindowAt,
  scheduleWindowsBetween,
  zoneClock,
  zonedNow,
} from '../../src';
import { arbStepTime, date, NEW_YORK, SYDNEY, TOKYO, time, zone } from './arbitraries';

const at = (text: string) => text as Instant;
let serial = 0;
const schedule = (over: Partial<ResolvableSchedule> = {}): ResolvableSchedule => {
  serial += 1;
  return {
    schedule_id: `s${serial}`,
    created_at: at(`2026-01-01T00:00:${String(serial % 60).padStart(2, '0')}Z`),
    available_date_from: date('2026-11-20'),
    available_date_to: date('2026-11-30'),
    available_time_from: time('10:00:00'),
    available_time_to: time('21:00:59'),
    ...over,
  };
};
const ids = (list: ResolvableSchedule[]) => list.map((s) => s.schedule_id);

describe('current schedule', () => {
  const older = schedule({ schedule_id: 'old', created_at: at('2026-11-01T00:00:00Z') });
  const newer = schedule({
    schedule_id: 'new',
    created_at: at('2026-11-02T00:00:00Z'),
    available_time_from: time('12:00:00'),
  });

  it('is the latest-created one whose date and time range contain now, read in the player zone', () => {
    // 2026-11-23 03:30 UTC is 12:30 in Tokyo: both in range, the newer wins.
    expect(resolveCurrentSchedule([older, newer], TOKYO, at('2026-11-23T03:30:00Z'))?.schedule_id).toBe('new');
    // 11:30 in Tokyo: only the older one has begun today.
    expect(resolveCurrentSchedule([older, newer], TOKYO, at('2026-11-23T02:30:00Z'))?.schedule_id).toBe('old');
    // The same instant is 21:30 the day before in New York: nothing plays.
    expect(resolveCurrentSchedule([older, newer], NEW_YORK, at('2026-11-23T02:30:00Z'))).toBeNull();
  });

  it('plays the end minute to its last second and stops at the next', () => {
    expect(resolveCurrentSchedule([older], TOKYO, at('2026-11-23T12:00:59Z'))?.schedule_id).toBe('old');
    expect(resolveCurrentSchedule([older], TOKYO, at('2026-11-23T12:01:00Z'))).toBeNull();
  });

  it('treats missing bounds as open', () => {
    const open = schedule({
      schedule_id: 'open',
      available_date_from: '',
      available_date_to: null,
      available_time_from: '',
      available_time_to: '',
    });
    expect(resolveCurrentSchedule([open], TOKYO, at('1999-01-01T00:00:00Z'))?.schedule_id).toBe('open');
    const noEnd = schedule({ schedule_id: 'noEnd', available_date_to: '' });
    expect(resolveCurrentSchedule([noEnd], TOKYO, at('2030-06-01T05:00:00Z'))?.schedule_id).toBe('noEnd');
    expect(resolveCurrentSchedule([noEnd], TOKYO, at('2026-11-19T05:00:00Z'))).toBeNull();
  });

  it('plays an all-day schedule from the start of its first day to the end of its last', () => {
    const allDay = schedule({ available_time_from: '', available_time_to: '' });
    expect(scheduleWindowAt(allDay, TOKYO, at('2026-11-25T00:00:00Z'))).toEqual({
      start: '2026-11-19T15:00:00Z',
      end: '2026-11-30T15:00:00Z',
    });
  });

  it('names what the newer schedule hides, newest first', () => {
    const third = schedule({ schedule_id: 'third', created_at: at('2026-10-01T00:00:00Z') });
    const result = resolveSchedules([third, older, newer], TOKYO, at('2026-11-23T03:30:00Z'));
    expect(result.current?.schedule_id).toBe('new');
    expect(ids(result.hidden)).toEqual(['old', 'third']);
    expect(result.currentWindow).toEqual({ start: '2026-11-23T03:00:00Z', end: '2026-11-23T12:01:00Z' });
    expect(result.changesAt).toBe('2026-11-23T12:01:00Z');
  });
  it('orders by creation time whether it comes as ISO text, database text or a Date', () => {
    const a = schedule({ schedule_id: 'a', created_at: '2026-11-02 00:00:00+00' });
    const b = schedule({ schedule_id: 'b', created_at: new Date('2026-11-01T00:00:00Z') });
    const c = schedule({ schedule_id: 'c', created_at: at('2026-10-31T00:00:00.123456Z') });
    expect(resolveCurrentSchedule([b, c, a], TOKYO, at('2026-11-23T03:30:00Z'))?.schedule_id).toBe('a');
  });

  it('gives the same answers through a shared zone clock', () => {
    const clock = zoneClock(SYDNEY);
    const list = [schedule(), schedule({ available_time_from: '', available_time_to: '' })];
    for (const now of ['2026-11-23T00:00:00Z', '2026-11-23T10:00:00Z', '2026-11-24T23:00:00Z']) {
      expect(resolveSchedules(list, clock, at(now))).toEqual(resolveSchedules(list, SYDNEY, at(now)));
    }
  });
});

describe('next schedule', () => {
  it('is the one starting soonest after now, the current excluded', () => {
    const current = schedule({ schedule_id: 'cur', created_at: at('2026-11-10T00:00:00Z') });
    const later = schedule({ schedule_id: 'later', available_date_from: date('2026-11-25') });
    const tonight = schedule({ schedule_id: 'tonight', available_time_from: time('18:00:00') });
    const now = at('2026-11-23T03:30:00Z'); // 12:30 in Tokyo
    const next = resolveNextSchedule([later, current, tonight], TOKYO, now);
    expect(next?.schedule.schedule_id).toBe('tonight');
    expect(next?.window).toEqual({ start: '2026-11-23T09:00:00Z', end: '2026-11-23T12:01:00Z' });
    expect(resolveNextSchedule([current], TOKYO, now)).toBeNull();
  });

  it("of a daily schedule past today's window is tomorrow's window", () => {
    const daily = schedule({ schedule_id: 'daily' });
    const next = resolveNextSchedule([daily], TOKYO, at('2026-11-23T13:00:00Z'));
    expect(next?.window.start).toBe('2026-11-24T01:00:00Z');
  });
});

describe('timeline windows', () => {
  it("lists each day's window in the range, in the player zone", () => {
    const s = schedule({ available_date_from: date('2026-11-23'), available_date_to: date('2026-11-24') });
    expect(scheduleWindowsBetween(s, TOKYO, at('2026-11-22T15:00:00Z'), at('2026-12-02T15:00:00Z'))).toEqual([
      { start: '2026-11-23T01:00:00Z', end: '2026-11-23T12:01:00Z' },
      { start: '2026-11-24T01:00:00Z', end: '2026-11-24T12:01:00Z' },
    ]);
  });

  it('starts a window in a spring-forward gap when the gap ends shifted by its length (New York)', () => {
    const s = schedule({
      available_date_from: date('2026-03-08'),
      available_date_to: date('2026-03-08'),
      available_time_from: time('02:30:00'),
      available_time_to: time('05:00:59'),
    });
    // 02:30 does not exist on 8 March 2026 in New York; it starts at 03:30 EDT (07:30 UTC).
    expect(scheduleWindowAt(s, NEW_YORK, at('2026-03-08T08:00:00Z'))).toEqual({
      start: '2026-03-08T07:30:00Z',
      end: '2026-03-08T09:01:00Z',
    });
  });
  it('ends a window inside an autumn overlap at the first time the clock reads its end (New York)', () => {
    const s = schedule({
      available_date_from: date('2026-11-01'),
      available_date_to: date('2026-11-01'),
      available_time_from: time('00:30:00'),
      available_time_to: time('01:30:59'),
    });
    // 01:30:59 happens twice on 1 November 2026; the earlier one (EDT, 05:30:59 UTC) ends the window.
    expect(scheduleWindowAt(s, NEW_YORK, at('2026-11-01T05:00:00Z'))).toEqual({
      start: '2026-11-01T04:30:00Z',
      end: '2026-11-01T05:31:00Z',
    });
    expect(scheduleWindowAt(s, NEW_YORK, at('2026-11-01T06:15:00Z'))).toBeNull();
  });
});

describe('resolution properties', () => {
  const DST_DAYS: [ReturnType<typeof zone>, string][] = [
    [NEW_YORK, '2026-03-08'],
    [NEW_YORK, '2026-11-01'],
    [SYDNEY, '2026-04-05'],
    [SYDNEY, '2026-10-04'],
  ];

  it('a 10:00-21:00 schedule is current exactly at 10:00 local and not at 09:59, across DST days', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DST_DAYS), fc.integer({ min: -2, max: 2 }), ([tz, day], shift) => {
        const d = addDays(date(day), shift);
        const s = schedule({ available_date_from: addDays(d, -3), available_date_to: addDays(d, 3) });
        expect(resolveCurrentSchedule([s], tz, instantOf(d, time('10:00:00'), tz))).toBe(s);
        expect(resolveCurrentSchedule([s], tz, instantOf(d, time('09:59:00'), tz))).toBeNull();
        expect(resolveCurrentSchedule([s], tz, instantOf(d, time('09:59:59'), tz))).toBeNull();
        expect(resolveCurrentSchedule([s], tz, instantOf(d, time('21:00:59'), tz))).toBe(s);
        expect(resolveCurrentSchedule([s], tz, instantOf(d, time('21:01:00'), tz))).toBeNull();
      }),
    );
  });

  // Zones without DST, so a wall-clock reading is an independent oracle for the date and time range.
  const FIXED_ZONES = [TOKYO, zone('UTC'), zone('Asia/Kolkata')];
  const BASE = date('2026-06-10');
  const arbDay = fc.integer({ min: -4, max: 4 }).map((n) => addDays(BASE, n));
  const arbSchedule = fc
    .record({
      from: fc.option(arbDay),
      length: fc.option(fc.integer({ min: 0, max: 4 })),
      times: fc.option(fc.tuple(arbStepTime, arbStepTime).filter(([a, b]) => a < b)),
      created: fc.integer({ min: 0, max: 5 }),
    })
    .map(({ from, length, times, created }) => ({
      created_at: at(`2026-01-0${created + 1}T00:00:00Z`),
      available_date_from: from ?? '',
      available_date_to: from !== null && length !== null ? addDays(from, length) : '',
      available_time_from: times ? time(`${times[0]}:00`) : '',
      available_time_to: times ? time(`${times[1]}:59`) : '',
    }));
  const arbSchedules = fc
    .array(arbSchedule, { minLength: 0, maxLength: 5 })
    .map((list) => list.map((s, i) => ({ ...s, schedule_id: `id${i}` }) as ResolvableSchedule));
  const arbNow = fc.integer({ min: -6 * 288, max: 6 * 288 }).map((n) => new Date(Date.UTC(2026, 5, 10) + n * 300_000));

  const wallInRange = (s: ResolvableSchedule, local: { date: string; time: string }) =>
    (!s.available_date_from || local.date >= s.available_date_from) &&
    (!s.available_date_to || local.date <= s.available_date_to) &&
    (!s.available_time_from || local.time >= s.available_time_from) &&
    (!s.available_time_to || local.time <= s.available_time_to);
  const newer = (a: ResolvableSchedule, b: ResolvableSchedule) =>
    a.created_at > b.created_at || (a.created_at === b.created_at && a.schedule_id > b.schedule_id);

  it('current is in range and no later-created schedule is', () => {
    fc.assert(
      fc.property(arbSchedules, arbNow, fc.constantFrom(...FIXED_ZONES), (list, now, tz) => {
        const local = zonedNow(tz, now);
        const current = resolveCurrentSchedule(list, tz, now);
        const inRange = list.filter((s) => wallInRange(s, local));
        if (current === null) expect(inRange).toEqual([]);
        else {
          expect(wallInRange(current, local)).toBe(true);
          expect(inRange.filter((s) => newer(s, current))).toEqual([]);
        }
      }),
    );
  });

  it('next starts after now and no other schedule starts between now and it', () => {
    fc.assert(
      fc.property(arbSchedules, arbNow, fc.constantFrom(...FIXED_ZONES), (list, now, tz) => {
        const current = resolveCurrentSchedule(list, tz, now);
        const next = resolveNextSchedule(list, tz, now);
        const others = list.filter((s) => s !== current);
        const startMs = next ? Date.parse(next.window.start) : Number.POSITIVE_INFINITY;
        if (next) {
          expect(startMs).toBeGreaterThan(now.getTime());
          expect(wallInRange(next.schedule, zonedNow(tz, new Date(startMs)))).toBe(true);
          expect(wallInRange(next.schedule, zonedNow(tz, new Date(startMs - 1000)))).toBe(false);
        }
        // Walk the 5-minute grid up to two days ahead: no other schedule comes into range earlier.
        const limit = Math.min(startMs, now.getTime() + 2 * 86_400_000);
        let before = zonedNow(tz, now);
        for (let t = now.getTime() + 300_000 - (now.getTime() % 300_000); t < limit; t += 300_000) {
          const here = zonedNow(tz, new Date(t));
          const starting = others.filter((s) => wallInRange(s, here) && !wallInRange(s, before));
          expect(ids(starting)).toEqual([]);
          before = zonedNow(tz, new Date(t + 299_000));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('answers the same whatever the order of the input', () => {
    fc.assert(
      fc.property(
        arbSchedules.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
        ),
        arbNow,
        fc.constantFrom(TOKYO, NEW_YORK, SYDNEY),
        ([list, shuffled], now, tz) => {
          const a = resolveSchedules(list, tz, now);
          const b = resolveSchedules(shuffled, tz, now);
          expect(b.current?.schedule_id).toBe(a.current?.schedule_id);
          expect(b.next?.schedule_id).toBe(a.next?.schedule_id);
          expect(ids(b.hidden)).toEqual(ids(a.hidden));
          expect(b.changesAt).toBe(a.changesAt);
        },
      ),
    );
  });
});
