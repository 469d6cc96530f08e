import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_PLAYLIST_NAME,
  defaultScheduleForm,
  type ScheduleForm,
  scheduleFormControls,
  setDeliveryTiming,
  setDownloadAllowHour,
  setEndDate,
  setFirstContentLive,
  setStartDate,
  validateScheduleForm,
} from '../../src';
import { arbDate, arbIds, date } from './arbitraries';

const TODAY = date('2026-11-23');
const named = (form: ScheduleForm): ScheduleForm => ({
  ...form,
  scheduleName: 'Winter sale',
  dest: ['P1'],
  contents: ['C1'],
});

describe('schedule form defaults', () => {
  it('Night: all day, 10:00-21:00, from tomorrow to one week from today, download hour on', () => {
    expect(defaultScheduleForm(TODAY)).toEqual({
      playlistName: DEFAULT_PLAYLIST_NAME,
      scheduleName: '',
      timing: 'NIGHT',
      downloadAllowHour: true,
      noEndPeriod: false,
      allDay: true,
      dateFrom: '2026-11-24',
      dateTo: '2026-11-30',
      timeFrom: '10:00',
      timeTo: '21:00',
      firstContentLive: false,
      dest: [],
      contents: [],
    });
  });

  it('live: Immediate, an end period, tomorrow to the day after, not all day, 10:00-23:59', () => {
    const form = defaultScheduleForm(TODAY, { firstContentLive: true, dest: ['P1'], contents: ['L1'] });
    expect(form).toMatchObject({
      timing: 'NOW',
      downloadAllowHour: false,
      noEndPeriod: false,
      allDay: false,
      dateFrom: '2026-11-24',
      dateTo: '2026-11-25',
      timeFrom: '10:00',
      timeTo: '23:59',
      dest: ['P1'],
      contents: ['L1'],
    });
    expect(scheduleFormControls(form)).toMatchObject({ timingLocked: true, showEndDate: false, showEndTime: false });
  });

  it('always pass validation once named and given a player and a content', () => {
    fc.assert(
      fc.property(arbDate, fc.boolean(), arbIds, arbIds, (today, live, dest, contents) => {
        const form = defaultScheduleForm(today, { firstContentLive: live, dest, contents });
        expect(validateScheduleForm({ ...form, scheduleName: 'S' }, today)).toEqual([]);
      }),
    );
  });

  it('ask for the schedule name, a player and a content when they are missing', () => {
    expect(validateScheduleForm(defaultScheduleForm(TODAY), TODAY).map((i) => i.message)).toEqual([
      'Please enter the schedule name',
      'Please select at least one player',
      'Please select at least one content',
    ]);
  });
});

describe('schedule form transitions', () => {
  const immediateToday = (): ScheduleForm => ({
    ...named(defaultScheduleForm(TODAY)),
    timing: 'NOW',
    downloadAllowHour: false,
    dateFrom: TODAY,
    dateTo: TODAY,
  });

  it('switching to Night moves a start today to tomorrow and an end today to tomorrow plus two weeks', () => {
    const form = setDeliveryTiming(immediateToday(), 'NIGHT', TODAY);
    expect(form).toMatchObject({
      timing: 'NIGHT',
      downloadAllowHour: true,
      dateFrom: '2026-11-24',
      dateTo: '2026-12-08',
    });
  });

  it('switching to Night leaves later dates alone', () => {
    const form = { ...immediateToday(), dateFrom: date('2026-12-01'), dateTo: date('2026-12-03') };
    expect(setDeliveryTiming(form, 'NIGHT', TODAY)).toMatchObject({ dateFrom: '2026-12-01', dateTo: '2026-12-03' });
  });

  it('a start later than the end moves the end two weeks past the start', () => {
    const form = setStartDate(named(defaultScheduleForm(TODAY)), date('2026-12-10'));
    expect(form).toMatchObject({ dateFrom: '2026-12-10', dateTo: '2026-12-24' });
    expect(setEndDate(form, date('2026-12-01'))).toMatchObject({ dateFrom: '2026-12-10', dateTo: '2026-12-24' });
  });

  it('unchecking the download hour moves dates falling today to tomorrow (end: tomorrow plus two weeks)', () => {
    const form = setDownloadAllowHour({ ...immediateToday(), downloadAllowHour: true }, false, TODAY);
    expect(form).toMatchObject({ downloadAllowHour: false, dateFrom: '2026-11-24', dateTo: '2026-12-08' });
  });

  it('a live first content forces Immediate, hides end date and time, and ends the day after the start', () => {
    const form = setFirstContentLive(named(defaultScheduleForm(TODAY)), true);
    expect(form).toMatchObject({
      timing: 'NOW',
      downloadAllowHour: false,
      allDay: false,
      noEndPeriod: false,
      dateTo: '2026-11-25',
      timeTo: '23:59',
    });
    expect(setDeliveryTiming(form, 'NIGHT', TODAY).timing).toBe('NOW');
    expect(setStartDate(form, date('2026-12-05')).dateTo).toBe('2026-12-06');
    expect(scheduleFormControls(form)).toMatchObject({ showEndDate: false, showEndTime: false });
  });

  it('No expiration disables the dates and All day the times', () => {
    const form = { ...defaultScheduleForm(TODAY), noEndPeriod: true };
    expect(scheduleFormControls(form)).toMatchObject({ datesDisabled: true, timesDisabled: true });
  });

  it('keep a valid form valid, whatever the order of the transitions', () => {
    const step = fc.oneof(
      fc
        .constantFrom('NIGHT', 'NOW')
        .map((t) => (f: ScheduleForm, today: string) => setDeliveryTiming(f, t as 'NIGHT', date(today))),
      fc.boolean().map((on) => (f: ScheduleForm, today: string) => setDownloadAllowHour(f, on, date(today))),
      fc
        .integer({ min: 1, max: 60 })
        .map((n) => (f: ScheduleForm, today: string) => setStartDate(f, addDays(date(today), n))),
      fc
        .integer({ min: 1, max: 60 })
        .map((n) => (f: ScheduleForm, today: string) => setEndDate(f, addDays(date(today), n))),
      fc.boolean().map((live) => (f: ScheduleForm) => setFirstContentLive(f, live)),
    );
    fc.assert(
      fc.property(arbDate, fc.array(step, { maxLength: 8 }), (today, steps) => {
        let form = named(defaultScheduleForm(today));
        for (const apply of steps) form = apply(form, today);
        // A live form's end follows its start; every other form keeps its end on or after its start.
        expect(form.dateTo >= form.dateFrom).toBe(true);
        expect(validateScheduleForm(form, today)).toEqual([]);
      }),
    );
  });
});
