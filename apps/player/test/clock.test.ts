// @vitest-environment jsdom
import type { TManifest } from '@signage/agent-client';
import { describe, expect, it } from 'vitest';
import { clockText } from '../src/clock';
import { PLAYER_TEXTS } from '../src/i18n';
import { IdleScreen } from '../src/idle';
import { StatusOverlay } from '../src/status';

/**
 * The web player's clock and status overlay write SPEC.md section 9's formats (YYYY-MM-DD, HH:mm) on the
 * store's clock, not the browser's locale ('12:08 AM', '11/28/2026') nor its zone (issue 31).
 */
const AT = new Date('2026-11-28T15:08:09Z');
const inZone = (time_zone: string) =>
  ({ time_zone, schedules: [], fallback: { store_name: 'Ginza' } }) as unknown as TManifest;

describe('player clock texts', () => {
  it('writes the store zone date and 24-hour minute and second', () => {
    expect(clockText(AT, 'Asia/Tokyo')).toEqual({ date: '2026-11-29', minute: '00:08', second: '00:08:09' });
    expect(clockText(AT, 'America/New_York')).toEqual({ date: '2026-11-28', minute: '10:08', second: '10:08:09' });
    expect(clockText(new Date('2026-11-28T00:05:00Z'), 'UTC').minute).toBe('00:05');
  });

  it('shows the idle clock as HH:mm in the store zone', () => {
    const idle = new IdleScreen('hint');
    idle.draw(inZone('Asia/Tokyo'), AT);
    expect(idle.root.querySelector('.clock')?.textContent).toBe('00:08');
    idle.draw(inZone('Europe/London'), AT);
    expect(idle.root.querySelector('.clock')?.textContent).toBe('15:08');
  });

  it('shows the last sync in the status overlay as YYYY-MM-DD HH:mm:ss on the store clock', () => {
    const status = new StatusOverlay(PLAYER_TEXTS.en);
    status.draw(
      {
        serial: 'S-1',
        version: '1',
        manifest: inZone('Asia/Tokyo'),
        applied: null,
        lastSync: AT,
        cacheBytes: 0,
        shown: { schedule: null, item: null, since: 0, live: null },
      },
      AT,
    );
    const terms = [...status.root.querySelectorAll('dt')].map((dt) => dt.textContent);
    const values = [...status.root.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(values[terms.indexOf(PLAYER_TEXTS.en.lastSync)]).toBe('2026-11-29 00:08:09');
  });
});
