// @vitest-environment jsdom
import type { TManifest } from '@signage/agent-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockText } from '../src/clock';
import { PLAYER_TEXTS } from '../src/i18n';
import { IdleScreen } from '../src/idle';
import { StatusOverlay } from '../src/status';

/**
 * The web player's clock and status overlay write SPEC.md section 9's formats (YYYY-MM-DD, HH:mm, HH:mm:ss on
 * 24 hours) on the store's clock, read from the manifest's offsets: not the browser's locale ('12:08 AM',
 * '11/28/2026') nor its zone (issue 31). The browser here is in Los Angeles, far from every store below.
 */
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  process.env.TZ = browserZone;
});

const AT = new Date('2026-11-28T15:08:09Z');
/** A store's manifest: its offsets as the server sends them; its zone's name is not what the clock reads. */
const store = (offsets: TManifest['offsets'], time_zone = 'Etc/Unknown') =>
  ({ time_zone, offsets, schedules: [], fallback: { store_name: 'Ginza' } }) as unknown as TManifest;
const TOKYO = store([{ at: null, minutes: 540 }], 'Asia/Tokyo');
/** London around its spring-forward gap (01:00 GMT is 02:00 BST). */
const LONDON = store(
  [
    { at: null, minutes: 0 },
    { at: '2027-03-28T01:00:00Z', minutes: 60 },
  ],
  'Europe/London',
);

const status = (manifest: TManifest | null, lastSync: Date | null) => {
  const overlay = new StatusOverlay(PLAYER_TEXTS.en);
  const facts = {
    serial: 'S-1',
    version: '1',
    manifest,
    applied: null,
    lastSync,
    cacheBytes: 0,
    shown: { schedule: null, item: null, since: 0, live: null },
  };
  overlay.draw(facts, AT);
  const terms = [...overlay.root.querySelectorAll('dt')].map((dt) => dt.textContent);
  const values = [...overlay.root.querySelectorAll('dd')].map((dd) => dd.textContent);
  return (term: string) => values[terms.indexOf(term)];
};

describe('player clock texts', () => {
  it("writes the store's date and 24-hour minute and second from the manifest's offsets", () => {
    expect(clockText(AT, TOKYO)).toEqual({ date: '2026-11-29', minute: '00:08', second: '00:08:09' });
    expect(clockText(AT, store([{ at: null, minutes: -300 }]))).toEqual({
      date: '2026-11-28',
      minute: '10:08',
      second: '10:08:09',
    });
    expect(clockText(new Date('2026-11-28T00:05:00Z'), store([{ at: null, minutes: 0 }]))?.minute).toBe('00:05');
  });

  it('follows the store across its DST change with the offset of each moment', () => {
    expect(clockText(new Date('2027-03-28T00:59:00Z'), LONDON)?.minute).toBe('00:59');
    expect(clockText(new Date('2027-03-28T01:30:00Z'), LONDON)?.minute).toBe('02:30');
  });

  it('shows the idle clock as HH:mm on the store clock', () => {
    const idle = new IdleScreen('hint');
    idle.draw(TOKYO, AT);
    expect(idle.root.querySelector('.clock')?.textContent).toBe('00:08');
    idle.draw(LONDON, new Date('2027-03-28T13:08:00Z'));
    expect(idle.root.querySelector('.clock')?.textContent).toBe('14:08');
  });

  it("shows no clock before a manifest says which store it is (never the browser's zone)", () => {
    const idle = new IdleScreen('hint');
    idle.draw(null, AT);
    expect(idle.root.querySelector('.clock')?.textContent).toBe('');
    expect(idle.root.querySelector('.store')?.textContent).toBe('');
  });

  it('shows the last sync in the status overlay as YYYY-MM-DD HH:mm:ss on the store clock', () => {
    expect(status(TOKYO, AT)(PLAYER_TEXTS.en.lastSync)).toBe('2026-11-29 00:08:09');
    expect(status(LONDON, new Date('2027-03-28T01:00:05Z'))(PLAYER_TEXTS.en.lastSync)).toBe('2027-03-28 02:00:05');
    expect(status(null, null)(PLAYER_TEXTS.en.lastSync)).toBe('-');
  });
});
