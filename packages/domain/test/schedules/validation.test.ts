import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type LocalDate,
  type ScheduleValues,
  validateScheduleValues,
  ZScheduleCreate,
  ZScheduleUpdate,
} from '../../src';
import { arbStepTime, date, time } from './arbitraries';

const TODAY = date('2026-11-23');
const values = (over: Partial<ScheduleValues> = {}): ScheduleValues => ({
  playlist_name: 'Default playlist',
  schedule_name: 'Winter sale',
  available_date_from: date('2026-11-24'),
  available_date_to: date('2026-11-30'),
  available_time_from: time('10:00:00'),
  available_time_to: time('21:00:59'),
  download_allow_hour: '23',
  contents: ['C1'],
  dest: ['P1'],
  ...over,
});
const messages = (v: ScheduleValues, today: LocalDate = TODAY) =>
  validateScheduleValues(v, { today }).map((issue) => `${issue.field}: ${issue.message}`);

describe('schedule validation', () => {
  it('accepts a Night schedule from tomorrow and an Immediate one from today', () => {
    expect(messages(values())).toEqual([]);
    expect(messages(values({ download_allow_hour: '', available_date_from: TODAY }))).toEqual([]);
  });

  it('needs a schedule name, a playlist name, a player and a content', () => {
    expect(messages(values({ schedule_name: ' ', playlist_name: '', dest: [], contents: [] }))).toEqual([
      'playlist_name: Please enter the playlist name',
      'schedule_name: Please enter the schedule name',
      'dest: Please select at least one player',
      'contents: Please select at least one content',
    ]);
  });

  it('starts Night delivery tomorrow at the earliest and Immediate today at the earliest', () => {
    expect(messages(values({ available_date_from: TODAY }))).toEqual([
      'available_date_from: For Night delivery the start date must be tomorrow or later',
    ]);
    expect(messages(values({ download_allow_hour: '', available_date_from: date('2026-11-22') }))).toEqual([
      'available_date_from: The start date must be today or later',
    ]);
    expect(
      validateScheduleValues(values({ download_allow_hour: '', available_date_from: TODAY }), {
        today: TODAY,
        timing: 'NIGHT',
      }).map((i) => i.message),
    ).toEqual(['For Night delivery the start date must be tomorrow or later']);
  });

  it('leaves a start already in the past alone when the start is not being set', () => {
    const started = values({ available_date_from: date('2026-10-01') });
    expect(validateScheduleValues(started, { today: TODAY, checkStart: false })).toEqual([]);
  });

  it('refuses an end date before the start date, and accepts the same day', () => {
    expect(
      messages(values({ available_date_to: date('2026-11-23'), available_date_from: date('2026-11-24') })),
    ).toEqual(['available_date_to: The end date must not be before the start date']);
    expect(messages(values({ available_date_to: date('2026-11-24') }))).toEqual([]);
  });

  it('takes times in 5-minute steps, the end also at 23:59', () => {
    expect(messages(values({ available_time_from: time('10:03:00') }))).toEqual([
      'available_time_from: Please choose times in 5-minute steps',
    ]);
    expect(messages(values({ available_time_to: time('21:07:59') }))).toEqual([
      'available_time_to: Please choose times in 5-minute steps',
    ]);
    expect(messages(values({ available_time_to: time('23:59:59') }))).toEqual([]);
  });

  it('needs the end minute after the start minute (start hour not after end hour)', () => {
    expect(messages(values({ available_time_from: time('12:00:00'), available_time_to: time('11:30:59') }))).toEqual([
      'available_time_to: The end time must be later than the start time',
    ]);
    expect(messages(values({ available_time_from: time('10:30:00'), available_time_to: time('10:30:59') }))).toEqual([
      'available_time_to: The end time must be later than the start time',
    ]);
    expect(messages(values({ available_time_from: time('10:30:00'), available_time_to: time('10:35:59') }))).toEqual(
      [],
    );
  });

  it('refuses dates and times that are not real', () => {
    expect(messages(values({ available_date_from: date('2026-02-30'), available_time_to: time('25:00:59') }))).toEqual([
      'available_date_from: Please enter the date as YYYY-MM-DD',
      'available_time_to: Please enter the time as HH:mm',
    ]);
  });

  it('agrees with the spec on every pair of step times', () => {
    fc.assert(
      fc.property(arbStepTime, arbStepTime, (from, to) => {
        const v = values({ available_time_from: time(`${from}:00`), available_time_to: time(`${to}:59`) });
        const [fh, fm] = from.split(':').map(Number) as [number, number];
        const [th, tm] = to.split(':').map(Number) as [number, number];
        const ok = fh < th || (fh === th && tm > fm);
        expect(messages(v)).toEqual(ok ? [] : ['available_time_to: The end time must be later than the start time']);
      }),
    );
  });
});

describe('schedule API schemas', () => {
  const body = {
    playlist_name: 'Default playlist',
    schedule_name: 'Winter sale',
    available_date_from: '2026-11-24',
    available_date_to: '',
    available_time_from: '10:00',
    available_time_to: '21:00',
    contents: ['C1', 'C2'],
    dest: ['P1'],
    zone_code: 'Asia/Tokyo',
  };

  it('sends from-seconds 00 and to-seconds 59, and takes the default download hour', () => {
    expect(ZScheduleCreate.parse(body)).toEqual({
      ...body,
      available_time_from: '10:00:00',
      available_time_to: '21:00:59',
      download_allow_hour: '23',
    });
  });

  it('reads null as missing (no end period, all day)', () => {
    const parsed = ZScheduleCreate.parse({
      ...body,
      available_time_from: null,
      available_time_to: null,
      available_date_to: null,
    });
    expect(parsed).toMatchObject({ available_date_to: '', available_time_from: '', available_time_to: '' });
  });

  it('answers with the catalogue text for each broken rule', () => {
    const result = ZScheduleCreate.safeParse({
      ...body,
      schedule_name: '',
      dest: [],
      available_time_from: '12:00',
      available_time_to: '11:00',
      available_date_to: '2026-11-01',
      zone_code: 'Mars/Base',
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        'schedule_name: Please enter the schedule name',
        'dest: Please select at least one player',
        'zone_code: Please select a time zone of the deployment country',
      ]),
    );
    const valid = ZScheduleCreate.safeParse({
      ...body,
      available_time_from: '12:00',
      available_time_to: '11:00',
      available_date_to: '2026-11-01',
    });
    expect(valid.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'available_date_to: The end date must not be before the start date',
      'available_time_to: The end time must be later than the start time',
    ]);
  });

  it("refuses seconds other than the spec's", () => {
    const result = ZScheduleCreate.safeParse({ ...body, available_time_from: '10:00:30' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Please choose times in 5-minute steps']);
  });

  it('takes an update of zone_code plus changed fields only', () => {
    expect(ZScheduleUpdate.parse({ zone_code: 'America/New_York', available_time_to: '22:00' })).toEqual({
      zone_code: 'America/New_York',
      available_time_to: '22:00:59',
    });
    expect(ZScheduleUpdate.safeParse({ schedule_name: 'x' }).success).toBe(false);
  });
});
