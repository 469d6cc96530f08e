// @vitest-environment node
import { CONTENT_MESSAGES, CONTENT_NAME_MAX, MAX_UPLOAD_BYTES, MESSAGES } from '@signage/domain';
import { describe, expect, it } from 'vitest';
import { progressOf } from './api';
import {
  canRegister,
  checkFile,
  EMPTY_FORM,
  fieldErrors,
  isPristine,
  liveErrors,
  type RegisterForm,
  toFields,
  withDisplayPattern,
  withFile,
  withLayout,
  withMode,
  withResolution,
  withStartDate,
} from './rules';

const file = (name: string, type: string, size = 10) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

const liveReady: RegisterForm = {
  ...EMPTY_FORM,
  name: 'Live',
  displayPattern: 'Multi,CW',
  file: file('logo.png', 'image/png'),
  platform: 'selfhosted',
  stationUrl: 'https://station.example.com',
  layout: 'Fullscreen',
  resolution: 'W1280xH720_Pixels',
  width: '1280',
  height: '720',
  prompt: 'On air',
  logoPosition: 'upper_left',
  dashboard: 'show',
};

describe('register form rules (SPEC 4 and 5)', () => {
  it('names what is missing with the catalogue messages, per field', () => {
    expect(fieldErrors(EMPTY_FORM, 'video')).toEqual({
      name: MESSAGES.enterContentName,
      displayPattern: CONTENT_MESSAGES.selectDisplayPattern,
      file: MESSAGES.uploadFile,
    });
    expect(fieldErrors({ ...EMPTY_FORM, name: 'n'.repeat(CONTENT_NAME_MAX + 1) }, 'video').name).toBe(
      CONTENT_MESSAGES.nameTooLong,
    );
    expect(fieldErrors(liveReady, 'live')).toEqual({});
    expect(fieldErrors({ ...liveReady, layout: 'Multielement' }, 'live')).toEqual({ title: MESSAGES.enterLiveTitle });
    expect(fieldErrors({ ...liveReady, prompt: '', platform: 'bambuser' }, 'live')).toEqual({
      prompt: MESSAGES.enterLivePrompt,
      showId: MESSAGES.enterShowId,
    });
  });

  it('checks type then size of a chosen file; live takes images only', () => {
    expect(checkFile(file('a.mp4', 'video/mp4'), 'video')).toEqual({ ok: true, isVideo: true });
    expect(checkFile(file('a.png', 'image/png'), 'video')).toEqual({ ok: true, isVideo: false });
    expect(checkFile(file('notes.png', 'text/plain'), 'video')).toEqual({ ok: false, kind: 1 });
    expect(checkFile(file('a.gif', 'image/gif'), 'video')).toEqual({ ok: false, kind: 1 });
    expect(checkFile(file('a.mp4', 'video/mp4'), 'live')).toEqual({ ok: false, kind: 1 });
    expect(checkFile(file('a.mp4', 'video/mp4', MAX_UPLOAD_BYTES + 1), 'video')).toEqual({ ok: false, kind: 2 });
  });

  it('names Video-Image content after the file up to its first dot', () => {
    expect(withFile(EMPTY_FORM, file('spring.sale.mp4', 'video/mp4'), 'video').name).toBe('spring');
    expect(withFile({ ...EMPTY_FORM, name: 'kept' }, file('a.png', 'image/png'), 'live').name).toBe('kept');
  });

  it('enables Register with name, display pattern and file; Reset once anything differs', () => {
    const ready = { ...EMPTY_FORM, name: 'A', displayPattern: 'LED' as const, file: file('a.png', 'image/png') };
    expect(canRegister(ready, 'video')).toBe(true);
    expect(canRegister({ ...ready, name: ' ' }, 'video')).toBe(false);
    expect(canRegister({ ...ready, displayPattern: null }, 'video')).toBe(false);
    expect(canRegister({ ...ready, name: 'n'.repeat(CONTENT_NAME_MAX) }, 'video')).toBe(true);
    expect(canRegister({ ...ready, name: 'n'.repeat(CONTENT_NAME_MAX + 1) }, 'video')).toBe(false);
    expect(isPristine(EMPTY_FORM)).toBe(true);
    expect(isPristine({ ...EMPTY_FORM, noExpiration: true })).toBe(false);
  });

  it('moves the end date to follow a later start and sends empty dates without expiration', () => {
    const dated = withStartDate({ ...EMPTY_FORM, endDate: '2030-01-01' }, '2030-02-01');
    expect(dated.endDate).toBe('2030-02-01');
    expect(toFields({ ...dated, noExpiration: true }, 'video')).toMatchObject({ license_from: '', license_to: '' });
  });

  it('resets resolution on a layout change and the prompt for Multielement, keeping the logo position', () => {
    const multi = withLayout(liveReady, 'Multielement');
    expect(multi).toMatchObject({ resolution: null, width: '', height: '', prompt: '' });
    expect(toFields(multi, 'live')).toMatchObject({ live_prompt: '', live_logo_position: '' });
    expect(withLayout(multi, 'Fullscreen').logoPosition).toBe('upper_left');
    expect(withLayout(liveReady, 'Fullscreen')).toMatchObject({ resolution: null, prompt: 'On air' });
    expect(withResolution(EMPTY_FORM, 'W720xH1280_Pixels')).toMatchObject({ width: '608', height: '1080' });
    expect(withResolution(liveReady, 'Manual_input')).toMatchObject({ width: '', height: '' });
    expect(withDisplayPattern({ ...liveReady, layout: 'Multielement' }, 'Multi,CW&1x1v').layout).toBeNull();
    expect(withMode({ ...EMPTY_FORM, displayPattern: 'LED' }, 'live').displayPattern).toBeNull();
  });

  // Which live fields each layout needs is the domain's rule (packages/domain/test/contents.test.ts);
  // here only that Register follows it and that the form sends what the rule reads.
  it('enables live Register exactly when the domain rule accepts the fields, and shows field messages', () => {
    expect(canRegister(liveReady, 'live')).toBe(true);
    expect(canRegister({ ...liveReady, file: null }, 'live')).toBe(false);
    expect(canRegister({ ...liveReady, layout: 'Multielement' }, 'live')).toBe(false);
    expect(canRegister({ ...liveReady, layout: 'Multielement', title: 'T' }, 'live')).toBe(true);
    const bad = { ...liveReady, stationUrl: 'http://x', width: '641', height: '1081' };
    expect(liveErrors(bad)).toEqual({
      stationUrl: MESSAGES.invalidLiveStationUrl,
      width: MESSAGES.invalidWidth,
      height: MESSAGES.invalidHeight,
    });
    expect(canRegister(bad, 'live')).toBe(false);
    expect(toFields({ ...liveReady, layout: 'Multielement', title: 'T' }, 'live')).toMatchObject({
      live_prompt: '',
      live_logo_position: '',
      livePlatform: 'selfhosted',
    });
  });

  it('reports percent and an estimate of the time left', () => {
    expect(progressOf(0, 100, 1000, 2000)).toEqual({ percent: 0, remainingSeconds: null });
    expect(progressOf(25, 100, 0, 10_000)).toEqual({ percent: 25, remainingSeconds: 30 });
  });
});
