import { ROLE_GROUPS, ROLES, type Role } from '@signage/domain';
import { describe, expect, it } from 'vitest';
import { can, effectiveRegion, inScope, scopeOf } from '../src/auth/policies';
import type { SessionUser } from '../src/auth/sessions';
import { HttpError } from '../src/http/envelope';

const user = (authority: Role, region = 'JP', shop_no = ''): SessionUser => ({
  id: `id-${authority}`,
  sessionId: 's',
  username: authority,
  userId: authority.toLowerCase(),
  authority,
  region,
  shop_no,
  shop_name: '',
});

describe('can (SPEC 6)', () => {
  it('takes each action from its role group', () => {
    expect(ROLES.filter((r) => can(user(r), 'player.delete'))).toEqual([...ROLE_GROUPS.playerDeleters]);
    expect(ROLES.filter((r) => can(user(r), 'player.edit'))).toEqual(ROLES.filter((r) => r !== 'DS_ST'));
    expect(ROLES.filter((r) => can(user(r), 'content.edit'))).toEqual(['DS_MK', 'DS_FRIT']);
    expect(ROLES.filter((r) => can(user(r), 'player.readUnpaired'))).toEqual(['DS_KT']);
  });

  it('holds region-bound roles to their region and DS_ST to its shop', () => {
    const place = { region: 'JP', shopNo: '0001' };
    expect(can(user('DS_LHQIT', 'JP'), 'floormap.read', place)).toBe(true);
    expect(can(user('DS_LHQIT', 'GB'), 'floormap.read', place)).toBe(false);
    expect(can(user('DS_ST', 'JP', '0001'), 'floormap.read', place)).toBe(true);
    expect(can(user('DS_ST', 'JP', '0002'), 'floormap.read', place)).toBe(false);
    expect(can(user('DS_MK', ''), 'floormap.read', { region: 'US', shopNo: '0009' })).toBe(true);
    // A region-bound user without a region reaches nothing.
    expect(can(user('DS_KT', ''), 'floormap.read', place)).toBe(false);
  });
});

describe('region scope (SPEC 6)', () => {
  it('lets DS_MK and DS_FRIT choose a region or all', () => {
    expect(effectiveRegion(user('DS_MK'), 'US')).toBe('US');
    expect(effectiveRegion(user('DS_FRIT'), null)).toBeNull();
  });

  it('keeps a region-bound role in its own region and refuses another with 403', () => {
    expect(effectiveRegion(user('DS_LHQBIZ', 'GB'), null)).toBe('GB');
    expect(effectiveRegion(user('DS_LHQBIZ', 'GB'), 'GB')).toBe('GB');
    expect(() => effectiveRegion(user('DS_LHQBIZ', 'GB'), 'JP')).toThrow(HttpError);
  });

  it('includes unassigned rows only when asked (waiting players)', () => {
    const scope = scopeOf(user('DS_KT', 'JP'));
    expect(inScope(scope, { region: 'JP' })).toBe(true);
    expect(inScope(scope, { region: '' })).toBe(false);
    expect(inScope(scope, { region: '' }, { unassigned: true })).toBe(true);
    expect(inScope(scope, { region: 'GB' }, { unassigned: true })).toBe(false);
  });
});
