import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALIVE_WINDOW_MS,
  canChooseCountry,
  canDeletePlayer,
  canEditPlayer,
  canFilterPlayers,
  isAlive,
  isPinExpired,
  listsActivatedOnly,
  PIN_LIFETIME_MS,
  playerListViewFor,
  ROLES,
  waitingListActivatedParam,
  ZDeviceListQuery,
  ZNewDeviceRegister,
} from '../src';

const now = new Date('2026-05-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('alive rule: three missed 60 s heartbeats make an Issue', () => {
  it('is alive up to three minutes after a healthy heartbeat', () => {
    expect(ALIVE_WINDOW_MS).toBe(180_000);
    expect(isAlive({ is_alive: true, last_accessed: ago(179_000) }, now)).toBe(true);
    expect(isAlive({ is_alive: true, last_accessed: ago(180_000) }, now)).toBe(true);
    expect(isAlive({ is_alive: true, last_accessed: ago(180_001) }, now)).toBe(false);
  });
  it('is an Issue without any heartbeat or after a heartbeat reporting a fault', () => {
    expect(isAlive({ is_alive: true, last_accessed: null }, now)).toBe(false);
    expect(isAlive({ is_alive: false, last_accessed: ago(1000) }, now)).toBe(false);
  });
  it('never calls a player alive whose last heartbeat is older than the window', () => {
    fc.assert(
      fc.property(fc.integer({ min: ALIVE_WINDOW_MS + 1, max: 10 ** 9 }), (age) => {
        expect(isAlive({ is_alive: true, last_accessed: ago(age) }, now)).toBe(false);
      }),
    );
  });
});

describe('PIN lifetime', () => {
  it('expires 30 minutes after issue', () => {
    const expires = new Date(now.getTime() + PIN_LIFETIME_MS);
    expect(isPinExpired(expires, new Date(expires.getTime() - 1))).toBe(false);
    expect(isPinExpired(expires, expires)).toBe(true);
  });
});

describe('player role rules (SPEC 2 and 6)', () => {
  it('chooses the table by role', () => {
    expect(playerListViewFor('DS_KT')).toBe('kitting');
    expect(playerListViewFor('DS_ST')).toBe('shop');
    for (const role of ['DS_MK', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'] as const)
      expect(playerListViewFor(role)).toBe('marketing');
  });
  it('lets all but DS_ST edit, only DS_LHQIT and DS_FRIT delete, all but DS_ST filter', () => {
    expect(ROLES.filter(canEditPlayer)).toEqual(ROLES.filter((r) => r !== 'DS_ST'));
    expect(ROLES.filter(canDeletePlayer)).toEqual(['DS_LHQIT', 'DS_FRIT']);
    expect(ROLES.filter(canFilterPlayers)).toEqual(ROLES.filter((r) => r !== 'DS_ST'));
  });
  it('shows the country only to roles that are not region-bound', () => {
    expect(ROLES.filter(canChooseCountry)).toEqual(['DS_MK', 'DS_FRIT']);
  });
  it('lists activated players only, except for kitting staff', () => {
    expect(ROLES.filter((r) => !listsActivatedOnly(r))).toEqual(['DS_KT']);
    expect(waitingListActivatedParam('DS_KT')).toBeUndefined();
    expect(waitingListActivatedParam('DS_LHQIT')).toBe(true);
  });
});

describe('player schemas', () => {
  it('reads list filters repeated or comma-separated and booleans from strings', () => {
    const q = ZDeviceListQuery.parse({ store_type: '1SmallMid,2Large', device_type: ['1M', '2W'], is_alive: 'false' });
    expect(q.store_type).toEqual(['1SmallMid', '2Large']);
    expect(q.device_type).toEqual(['1M', '2W']);
    expect(q.is_alive).toBe(false);
    expect(q.order).toBe('DESC');
    expect(q.limit).toBe(10);
    expect(ZDeviceListQuery.safeParse({ store_type: 'castle' }).success).toBe(false);
  });
  it('requires a four-digit store code and defaults the installation site to 9Unset', () => {
    const base = { region: 'JP', shop_name: 'Ginza', display_pattern: '1x1v', device_name: 'SN1' };
    expect(ZNewDeviceRegister.safeParse({ ...base, shop_no: '12' }).error?.issues[0]?.message).toBe(
      'Please enter the store code (4 digits)',
    );
    const ok = ZNewDeviceRegister.parse({ ...base, shop_no: '0012' });
    expect(ok.device_type).toBe('9Unset');
    expect(ok.tags).toEqual([]);
  });
});
