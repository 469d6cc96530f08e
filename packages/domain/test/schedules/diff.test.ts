import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  defaultScheduleForm,
  diffScheduleValues,
  formFromSchedule,
  type ScheduleForm,
  type ScheduleValues,
  scheduleUpdateBody,
  scheduleUpdateChanges,
  scheduleValuesOf,
} from '../../src';
import { arbDate, arbIds, arbStepTime, date, time } from './arbitraries';

const TODAY = date('2026-11-23');
const stored = (over: Partial<ScheduleValues> = {}): ScheduleValues => ({
  playlist_name: 'Default playlist',
  schedule_name: 'Winter sale',
  available_date_from: date('2026-11-24'),
  available_date_to: date('2026-11-30'),
  available_time_from: time('10:00:00'),
  available_time_to: time('21:00:59'),
  download_allow_hour: '23',
  contents: ['C1', 'C2'],
  dest: ['P1'],
  ...over,
});
const edit = (values: ScheduleValues, live = false) =>
  formFromSchedule(values, { today: TODAY, firstContentLive: live });

describe('schedule values of a form', () => {
  it('sends all day as no times, and times with from-seconds 00 and to-seconds 59', () => {
    const form: ScheduleForm = { ...defaultScheduleForm(TODAY), scheduleName: 'S', dest: ['P1'], contents: ['C1'] };
    expect(scheduleValuesOf(form, TODAY)).toMatchObject({ available_time_from: '', available_time_to: '' });
    expect(scheduleValuesOf({ ...form, allDay: false }, TODAY)).toMatchObject({
      available_time_from: '10:00:00',
      available_time_to: '21:00:59',
      download_allow_hour: '23',
    });
  });

  it('sends no end date for no end period, starting tomorrow with the download hour and today without', () => {
    const form: ScheduleForm = { ...defaultScheduleForm(TODAY), noEndPeriod: true, dateFrom: date('2026-12-05') };
    expect(scheduleValuesOf(form, TODAY)).toMatchObject({ available_date_from: '2026-11-24', available_date_to: '' });
    const immediate = { ...form, timing: 'NOW' as const, downloadAllowHour: false };
    expect(scheduleValuesOf(immediate, TODAY)).toMatchObject({
      available_date_from: '2026-11-23',
      available_date_to: '',
      download_allow_hour: '',
    });
  });

  it('sends a live schedule without download hour, ending the day after its start at 23:59:59', () => {
    const form = defaultScheduleForm(TODAY, { firstContentLive: true });
    expect(scheduleValuesOf({ ...form, dateFrom: date('2026-12-01') }, TODAY)).toMatchObject({
      available_date_from: '2026-12-01',
      available_date_to: '2026-12-02',
      available_time_from: '10:00:00',
      available_time_to: '23:59:59',
      download_allow_hour: '',
    });
  });
});

describe('loading a schedule into the form', () => {
  it('reads an empty end date as no end period, empty times as all day, an empty download hour as off', () => {
    const form = edit(
      stored({ available_date_to: '', available_time_from: '', available_time_to: '', download_allow_hour: '' }),
    );
    expect(form).toMatchObject({ noEndPeriod: true, allDay: true, downloadAllowHour: false, timing: 'NOW' });
    expect(edit(stored())).toMatchObject({ noEndPeriod: false, allDay: false, timing: 'NIGHT', timeTo: '21:00' });
  });
});

describe('schedule update diff', () => {
  it('sends only the changed fields, with zone_code', () => {
    const before = stored();
    const form = { ...edit(before), scheduleName: 'Spring sale', timeTo: '22:00' };
    expect(scheduleUpdateBody(before, form, { today: TODAY, zoneCode: 'Asia/Tokyo' })).toEqual({
      zone_code: 'Asia/Tokyo',
      schedule_name: 'Spring sale',
      available_time_to: '22:00:59',
    });
  });

  it('sends no times when the schedule becomes all day', () => {
    const before = stored();
    expect(scheduleUpdateChanges(before, { ...edit(before), allDay: true }, TODAY)).toEqual({
      available_time_from: '',
      available_time_to: '',
    });
  });

  it('sends an empty end date and a start of tomorrow when no end period is checked (download hour on)', () => {
    const before = stored({ available_date_from: date('2026-11-01') });
    expect(scheduleUpdateChanges(before, { ...edit(before), noEndPeriod: true }, TODAY)).toEqual({
      available_date_from: '2026-11-24',
      available_date_to: '',
    });
  });

  it('keeps the start of a schedule that already had no end period', () => {
    const before = stored({ available_date_from: date('2026-11-01'), available_date_to: '' });
    expect(scheduleUpdateChanges(before, { ...edit(before), playlistName: 'Lobby' }, TODAY)).toEqual({
      playlist_name: 'Lobby',
    });
  });

  it('live first content: clears the download hour; a changed start ends one day later at 23:59:59', () => {
    const before = stored({ available_time_to: time('23:59:59'), available_date_to: date('2026-11-25') });
    const form = edit(before, true);
    expect(scheduleUpdateChanges(before, form, TODAY)).toEqual({ download_allow_hour: '' });
    expect(scheduleUpdateChanges(before, { ...form, dateFrom: date('2026-12-10') }, TODAY)).toEqual({
      available_date_from: '2026-12-10',
      available_date_to: '2026-12-11',
      download_allow_hour: '',
    });
  });

  it('counts a new content order as a change', () => {
    const before = stored();
    expect(scheduleUpdateChanges(before, { ...edit(before), contents: ['C2', 'C1'] }, TODAY)).toEqual({
      contents: ['C2', 'C1'],
    });
  });

  const arbValues = fc.record({
    playlist_name: fc.string({ minLength: 1, maxLength: 10 }).filter((s) => s.trim() === s && s !== ''),
    schedule_name: fc.string({ minLength: 1, maxLength: 10 }).filter((s) => s.trim() === s && s !== ''),
    available_date_from: arbDate,
    length: fc.option(fc.integer({ min: 0, max: 30 })),
    times: fc.option(fc.tuple(arbStepTime, arbStepTime)),
    download_allow_hour: fc.constantFrom('23' as const, '' as const),
    contents: arbIds,
    dest: arbIds,
  });
  type Drawn = typeof arbValues extends fc.Arbitrary<infer R> ? R : never;
  const toValues = ({ length, times, ...v }: Drawn) =>
    ({
      ...v,
      available_date_to: length === null ? '' : addDays(v.available_date_from, length),
      available_time_from: times ? time(`${times[0]}:00`) : '',
      available_time_to: times ? time(`${times[1]}:59`) : '',
    }) as ScheduleValues;

  it('of a value with itself is empty', () => {
    fc.assert(
      fc.property(arbValues, (v) => {
        expect(diffScheduleValues(toValues(v), toValues(v))).toEqual({});
      }),
    );
  });

  it('of a loaded schedule saved untouched is empty', () => {
    fc.assert(
      fc.property(arbValues, (v) => {
        const values = toValues(v);
        expect(scheduleUpdateChanges(values, edit(values), TODAY)).toEqual({});
      }),
    );
  });

  it('applied to the stored values gives the values the form sends', () => {
    fc.assert(
      fc.property(arbValues, arbValues, (a, b) => {
        const before = toValues(a);
        const form = edit(toValues(b));
        const after = { ...before, ...scheduleUpdateChanges(before, form, TODAY) };
        const sent = scheduleValuesOf(form, TODAY);
        if (sent.available_date_to === '' && before.available_date_to === '') {
          sent.available_date_from = before.available_date_from;
        }
        expect(after).toEqual(sent);
      }),
    );
  });
});
