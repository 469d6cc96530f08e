import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustLicenseDates,
  CONTENT_MESSAGES,
  checkLicenseDates,
  contentNameFromFile,
  earliestLicenseStart,
  heightError,
  layoutsFor,
  liveAllowedPattern,
  liveStationUrlError,
  MESSAGES,
  RESOLUTION_PRESETS,
  widthError,
  ZContentFields,
  ZLiveFields,
} from '../src';

const baseLive = {
  name: 'Spring live',
  display_pattern: 'Multi,CW',
  livePlatform: 'selfhosted',
  layout: 'Fullscreen',
  livestation_url: 'https://station.example.com/live',
  output_resolution: 'W1280xH720_Pixels',
  output_resolution_width: '',
  output_resolution_height: '',
  live_prompt: 'Now on air',
  live_logo_position: 'upper_left',
  live_dashboard: 'show',
};

function liveError(fields: Record<string, string>): string | undefined {
  const result = ZLiveFields.safeParse(fields);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('output resolution (SPEC 5)', () => {
  it('accepts even widths 320-1920 and even heights 180-1080 only', () => {
    expect(widthError(320)).toBeNull();
    expect(widthError(1920)).toBeNull();
    expect(widthError(318)).toBe(MESSAGES.invalidWidth);
    expect(widthError(1922)).toBe(MESSAGES.invalidWidth);
    expect(widthError(641)).toBe(MESSAGES.invalidWidth);
    expect(widthError(Number.NaN)).toBe(MESSAGES.invalidWidth);
    expect(heightError(180)).toBeNull();
    expect(heightError(1080)).toBeNull();
    expect(heightError(178)).toBe(MESSAGES.invalidHeight);
    expect(heightError(1081)).toBe(MESSAGES.invalidHeight);
  });
  it('is valid exactly when even and inside the bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 3000 }), (w) => {
        expect(widthError(w) === null).toBe(w >= 320 && w <= 1920 && w % 2 === 0);
      }),
    );
  });
  it('presets fill 1280x720 and 608x1080; manual input clears', () => {
    expect(RESOLUTION_PRESETS.W1280xH720_Pixels).toEqual({ width: 1280, height: 720 });
    expect(RESOLUTION_PRESETS.W720xH1280_Pixels).toEqual({ width: 608, height: 1080 });
    expect(RESOLUTION_PRESETS.Manual_input).toBeNull();
  });
});

describe('live rules (SPEC 4 and 5)', () => {
  it('needs an https LiveStation URL', () => {
    expect(liveStationUrlError('https://a.example')).toBeNull();
    expect(liveStationUrlError('http://a.example')).toBe(MESSAGES.invalidLiveStationUrl);
    expect(liveStationUrlError('station')).toBe(MESSAGES.invalidLiveStationUrl);
    expect(liveStationUrlError('')).toBe(MESSAGES.invalidLiveStationUrl);
  });
  it('disables 1x4(2x8inc), 2x1 and LED and offers no Multielement with Multi,CW&1x1v', () => {
    expect(['Multi,CW', '1x1v', 'Multi,CW&1x1v'].every(liveAllowedPattern)).toBe(true);
    expect(['1x4(2x8inc)', '2x1', 'LED'].some(liveAllowedPattern)).toBe(false);
    expect(layoutsFor('Multi,CW&1x1v')).toEqual(['Fullscreen']);
    expect(layoutsFor('1x1v')).toEqual(['Fullscreen', 'Multielement']);
  });
  it('Fullscreen needs prompt and logo position; a preset fixes the size', () => {
    const { output_resolution_width: _w, output_resolution_height: _h, ...withoutSize } = baseLive;
    expect(ZLiveFields.parse(withoutSize)).toMatchObject({ output_resolution_width: 1280 });
    const parsed = ZLiveFields.parse(baseLive);
    expect(parsed).toMatchObject({ output_resolution_width: 1280, output_resolution_height: 720, title: '' });
    expect(liveError({ ...baseLive, live_prompt: '' })).toBe(MESSAGES.enterLivePrompt);
    expect(liveError({ ...baseLive, live_logo_position: '' })).toBe(CONTENT_MESSAGES.selectLogoPosition);
  });
  it('Multielement needs a title and sends prompt and logo position empty', () => {
    const multi = { ...baseLive, layout: 'Multielement', title: 'Show' };
    expect(ZLiveFields.parse(multi)).toMatchObject({ live_prompt: '', live_logo_position: '' });
    expect(liveError({ ...multi, title: '' })).toBe(MESSAGES.enterLiveTitle);
    expect(liveError({ ...multi, display_pattern: 'Multi,CW&1x1v' })).toBe(CONTENT_MESSAGES.multielementNotAllowed);
  });
  it('checks manual sizes, live patterns and the Bambuser show id', () => {
    const manual = { ...baseLive, output_resolution: 'Manual_input' };
    expect(liveError({ ...manual, output_resolution_width: '641', output_resolution_height: '360' })).toBe(
      MESSAGES.invalidWidth,
    );
    expect(liveError({ ...manual, output_resolution_width: '640', output_resolution_height: '1200' })).toBe(
      MESSAGES.invalidHeight,
    );
    expect(
      ZLiveFields.parse({ ...manual, output_resolution_width: '640', output_resolution_height: '360' }),
    ).toMatchObject({
      output_resolution_width: 640,
      output_resolution_height: 360,
    });
    expect(liveError({ ...baseLive, display_pattern: 'LED' })).toBe(CONTENT_MESSAGES.liveNotAllowedPattern);
    expect(liveError({ ...baseLive, livePlatform: 'bambuser' })).toBe(MESSAGES.enterShowId);
    expect(liveError({ ...baseLive, livestation_url: 'http://x.example' })).toBe(MESSAGES.invalidLiveStationUrl);
  });
});

describe('Video-Image fields and dates (SPEC 4 and 5)', () => {
  it('requires name and display pattern; empty dates are null', () => {
    expect(ZContentFields.safeParse({ name: ' ', display_pattern: 'LED' }).error?.issues[0]?.message).toBe(
      MESSAGES.enterContentName,
    );
    expect(ZContentFields.safeParse({ name: 'a' }).error?.issues[0]?.message).toBe(
      CONTENT_MESSAGES.selectDisplayPattern,
    );
    expect(ZContentFields.parse({ name: 'a', display_pattern: 'LED', license_from: '', region: 'JP' })).toMatchObject({
      license_from: null,
      license_to: null,
      region: 'JP',
    });
    expect(ZContentFields.safeParse({ name: 'a', display_pattern: 'LED', region: 'XX' }).success).toBe(false);
  });
  it('names content after the file up to its first dot', () => {
    expect(contentNameFromFile('spring.sale.mp4')).toBe('spring');
    expect(contentNameFromFile('C:\\media\\poster.png')).toBe('poster');
    expect(contentNameFromFile('noext')).toBe('noext');
  });
  it('keeps start not before today and end following start', () => {
    expect(adjustLicenseDates('2026-01-01', null, '2026-02-01')).toEqual({ start: '2026-02-01', end: null });
    expect(adjustLicenseDates('2026-03-10', '2026-03-01', '2026-02-01')).toEqual({
      start: '2026-03-10',
      end: '2026-03-10',
    });
    expect(checkLicenseDates('2026-03-10', '2026-03-01', '2026-02-01')).toEqual({ ok: false, reason: 'order' });
    expect(checkLicenseDates('2026-01-10', null, '2026-02-01')).toEqual({ ok: false, reason: 'past' });
    expect(checkLicenseDates('2026-02-30', null, '2026-02-01')).toEqual({ ok: false, reason: 'format' });
    expect(checkLicenseDates(null, null, '2026-02-01')).toEqual({ ok: true });
  });
});

describe('licence dates in time zones', () => {
  it('accepts a start until no store on Earth still has that day', () => {
    // 13:00 UTC: UTC-12 is at 01:00 on the same day, so the UTC day before is gone everywhere.
    expect(earliestLicenseStart(new Date('2026-05-10T13:00:00Z'))).toBe('2026-05-10');
    // 01:00 UTC: Honolulu (UTC-10) is still at 15:00 on 9 May, so 9 May stays acceptable.
    expect(earliestLicenseStart(new Date('2026-05-10T01:00:00Z'))).toBe('2026-05-09');
    expect(checkLicenseDates('2026-05-09', null, earliestLicenseStart(new Date('2026-05-10T13:00:00Z')))).toEqual({
      ok: false,
      reason: 'past',
    });
  });
});
