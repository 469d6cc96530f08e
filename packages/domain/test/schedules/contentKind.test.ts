import { describe, expect, it } from 'vitest';
import { fitsScheduleKind, pickerMediaType, type Role, scheduleKindOf, schedulePlayerPickerFor } from '../../src';

const image = { type: 'image' as const };
const movie = { type: 'movie' as const };
const stream = { type: 'stream' as const };

describe('schedule content kind (SPEC.md section 2: the first pick decides)', () => {
  it('takes the kind of the first content, none while nothing is picked', () => {
    expect(scheduleKindOf([])).toBeNull();
    expect(scheduleKindOf([movie, stream])).toBe('media');
    expect(scheduleKindOf([stream, image])).toBe('live');
  });

  it('lets anything start a selection, then only the same kind join', () => {
    expect(fitsScheduleKind(null, stream)).toBe(true);
    expect(fitsScheduleKind('media', image)).toBe(true);
    expect(fitsScheduleKind('media', movie)).toBe(true);
    expect(fitsScheduleKind('media', stream)).toBe(false);
    expect(fitsScheduleKind('live', image)).toBe(false);
  });

  it('asks the list for the kind, narrowed by an image-only or video-only filter of that kind', () => {
    expect(pickerMediaType(null)).toBe('none');
    expect(pickerMediaType(null, 'live')).toBe('live');
    expect(pickerMediaType('media')).toBe('image_movie');
    expect(pickerMediaType('media', 'video')).toBe('video');
    expect(pickerMediaType('media', 'live')).toBe('image_movie');
    expect(pickerMediaType('live', 'image')).toBe('live');
  });
});

describe('schedule player picker by role (SPEC.md section 2)', () => {
  it.each<[Role, { filter: boolean; all: boolean; sort: boolean; view: string }]>([
    ['DS_MK', { filter: true, all: true, sort: true, view: 'marketing' }],
    ['DS_LHQBIZ', { filter: true, all: true, sort: true, view: 'marketing' }],
    ['DS_LHQIT', { filter: true, all: true, sort: true, view: 'marketing' }],
    ['DS_FRIT', { filter: true, all: true, sort: true, view: 'marketing' }],
    ['DS_ST', { filter: false, all: false, sort: true, view: 'shop' }],
    ['DS_KT', { filter: false, all: true, sort: false, view: 'marketing' }],
  ])('%s', (role, expected) => {
    expect(schedulePlayerPickerFor(role)).toEqual(expected);
  });
});
