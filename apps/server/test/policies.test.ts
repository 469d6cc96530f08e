import { ROLES, type Role } from '@signage/domain';
import { describe, expect, it } from 'vitest';
import { type Action, can, effectiveRegion, inScope, scopeOf } from '../src/auth/policies';
import {
  canReachPlayer,
  canReachRegistration,
  canSeeContent,
  canSeePlays,
  canSeeSchedule,
  contentReach,
  playerReach,
  withinContentReach,
  withinPlayerReach,
} from '../src/auth/rows';
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

/** A user of each role as the spec's examples have them: region-bound ones in JP, DS_ST in JP shop 0001. */
const staff = (role: Role) =>
  user(role, role === 'DS_MK' || role === 'DS_FRIT' ? '' : 'JP', role === 'DS_ST' ? '0001' : '');

const sorted = (roles: readonly Role[]) => [...roles].sort();

/**
 * Who may take each action, written from SPEC.md sections 2 and 6 (not read from ROLE_GROUPS, which can()
 * reads): a wrong group in the code fails here.
 */
const SPEC_ACTIONS: Record<Action, readonly Role[]> = {
  // Section 2 /device/list and /device/detail: all six; the floor map link is on that list.
  'player.read': ROLES,
  'floormap.read': ROLES,
  // Section 6: "Edit player: all except ST".
  'player.edit': ['DS_MK', 'DS_KT', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'],
  // Section 2, Player detail: "Delete player: DS_LHQIT and DS_FRIT".
  'player.delete': ['DS_LHQIT', 'DS_FRIT'],
  // Not in the spec (it edits memo, store type, site and tags only): the roles that may delete a player.
  'player.editStore': ['DS_LHQIT', 'DS_FRIT'],
  'floormap.upload': ['DS_LHQIT', 'DS_FRIT'],
  // Section 6: "Filtering by shop number, display pattern, store type etc.: DS_MK, DS_KT, DS_LHQBIZ, DS_LHQIT, DS_FRIT".
  'player.filter': ['DS_MK', 'DS_KT', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'],
  // Section 2 /newdevice/*: DS_KT, DS_LHQIT, DS_FRIT.
  'player.register': ['DS_KT', 'DS_LHQIT', 'DS_FRIT'],
  // Section 2, Player list: DS_KT's kitting table shows 'Not registered' players; the others see activated ones.
  'player.readUnpaired': ['DS_KT'],
  // Section 2 /device/logs, /setting/*: DS_FRIT.
  'log.read': ['DS_FRIT'],
  'tag.edit': ['DS_FRIT'],
  // Section 2 /schedule/selectcontent: the playlist roles pick contents.
  'content.read': ['DS_ST', 'DS_MK', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'],
  // Section 2 /contents/register, /contents/detail.
  'content.edit': ['DS_MK', 'DS_FRIT'],
  // Section 2 /schedule/*, /device/scheduleupdate.
  'schedule.edit': ['DS_ST', 'DS_MK', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'],
  // Section 6: "Duplicate: MK, ST, FRIT".
  'schedule.duplicate': ['DS_MK', 'DS_ST', 'DS_FRIT'],
  // Section 6: "Only DS_MK and DS_FRIT are not region-bound".
  'region.any': ['DS_MK', 'DS_FRIT'],
};

describe('can (SPEC 2 and 6)', () => {
  for (const [action, roles] of Object.entries(SPEC_ACTIONS) as [Action, readonly Role[]][]) {
    it(`${action}: ${roles.join(', ')}`, () => {
      expect(sorted(ROLES.filter((r) => can(staff(r), action)))).toEqual(sorted(roles));
    });
  }

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

const status = (action: () => unknown) => {
  try {
    action();
    return 'ok';
  } catch (error) {
    return error instanceof HttpError ? error.status : 'thrown';
  }
};

/** Players in and out of a JP shop-0001 user's reach, paired and not. */
const PLAYERS = {
  jpShop: { region: 'JP', shopNo: '0001', isActivated: true },
  jpOtherShop: { region: 'JP', shopNo: '0002', isActivated: true },
  us: { region: 'US', shopNo: '0001', isActivated: true },
  jpUnpaired: { region: 'JP', shopNo: '0001', isActivated: false },
};

/** SPEC.md section 6 for each role of `staff`: the players it reaches. */
const PLAYER_REACH: Record<Role, (keyof typeof PLAYERS)[]> = {
  DS_MK: ['jpShop', 'jpOtherShop', 'us'],
  DS_FRIT: ['jpShop', 'jpOtherShop', 'us'],
  DS_LHQBIZ: ['jpShop', 'jpOtherShop'],
  DS_LHQIT: ['jpShop', 'jpOtherShop'],
  DS_KT: ['jpShop', 'jpOtherShop', 'jpUnpaired'],
  DS_ST: ['jpShop'],
};

describe('row reach (SPEC 6), as one row and as a list would see it', () => {
  it.each(ROLES)('%s reaches the players of its region and shop, paired ones unless kitting staff', (role) => {
    const reached = (Object.keys(PLAYERS) as (keyof typeof PLAYERS)[]).filter((name) =>
      canReachPlayer(staff(role), PLAYERS[name]),
    );
    expect(reached).toEqual(PLAYER_REACH[role]);
    // The list's reach agrees with the one-row test on every row.
    const list = playerReach(staff(role));
    for (const player of Object.values(PLAYERS)) {
      expect(withinPlayerReach(list, player)).toBe(canReachPlayer(staff(role), player));
    }
  });

  it('refuses a list that asks beyond the bounds with 403, before any row is read', () => {
    expect(status(() => playerReach(staff('DS_LHQBIZ'), { region: 'US' }))).toBe(403);
    expect(status(() => playerReach(staff('DS_ST'), { shopNo: '0002' }))).toBe(403);
    expect(status(() => playerReach(staff('DS_ST'), { shopNo: '0001' }))).toBe('ok');
    expect(status(() => playerReach(staff('DS_MK'), { isActivated: false }))).toBe(403);
    expect(playerReach(staff('DS_KT'), { isActivated: false }).isActivated).toBe(false);
    expect(playerReach(staff('DS_MK'), { region: 'US', shopNo: '0002' })).toEqual({
      region: 'US',
      shopNo: '0002',
      isActivated: true,
    });
  });

  it.each(ROLES)('%s sees contents of its region and those for all countries', (role) => {
    const regions = ['JP', 'US', ''];
    const seen = regions.filter((region) => canSeeContent(staff(role), { region }));
    expect(seen).toEqual(role === 'DS_MK' || role === 'DS_FRIT' ? ['JP', 'US', ''] : ['JP', '']);
    const list = contentReach(staff(role));
    for (const region of regions) expect(withinContentReach(list, { region })).toBe(seen.includes(region));
  });

  it('narrows the content list to a chosen region for DS_MK, and refuses another region to a bound role', () => {
    const us = contentReach(staff('DS_MK'), 'US');
    expect(['JP', 'US', ''].filter((region) => withinContentReach(us, { region }))).toEqual(['US']);
    expect(status(() => contentReach(staff('DS_LHQIT'), 'US'))).toBe(403);
  });

  it('sees a schedule through its players, and one without players only without a bound', () => {
    expect(canSeeSchedule(staff('DS_ST'), { visible: 1, hidden: 3 })).toBe(true);
    expect(canSeeSchedule(staff('DS_ST'), { visible: 0, hidden: 1 })).toBe(false);
    expect(canSeeSchedule(staff('DS_ST'), { visible: 0, hidden: 0 })).toBe(false);
    expect(canSeeSchedule(staff('DS_MK'), { visible: 0, hidden: 0 })).toBe(true);
    expect(canSeeSchedule(staff('DS_LHQBIZ'), { visible: 0, hidden: 0 })).toBe(false);
  });

  it('reaches players being registered in its region or without one yet, and plays by region and shop', () => {
    expect(['JP', 'US', ''].filter((region) => canReachRegistration(staff('DS_KT'), { region }))).toEqual(['JP', '']);
    expect(['JP', 'US', ''].filter((region) => canReachRegistration(staff('DS_FRIT'), { region }))).toEqual([
      'JP',
      'US',
      '',
    ]);
    expect(canSeePlays(staff('DS_ST'), { region: 'JP', shopNo: '0001' })).toBe(true);
    expect(canSeePlays(staff('DS_ST'), { region: 'JP', shopNo: '0002' })).toBe(false);
    expect(canSeePlays(staff('DS_MK'), { region: 'US', shopNo: '0002' })).toBe(true);
  });

  it('gives a region-bound user without a region no row at all', () => {
    const lost = user('DS_LHQBIZ', '');
    expect(canReachPlayer(lost, PLAYERS.jpShop)).toBe(false);
    expect(canSeeContent(lost, { region: '' })).toBe(false);
    expect(canSeePlays(lost, PLAYERS.jpShop)).toBe(false);
  });
});
