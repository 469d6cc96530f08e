import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  DISPLAY_PATTERNS,
  displayPatternLabel,
  findRoute,
  landingFor,
  MESSAGES,
  menuFor,
  messageKeyOf,
  padStoreCode,
  ROLES,
  ROUTES,
  redirectFor,
  sanitizeStoreCode,
  typedStoreCode,
} from '../src';

describe('landing rule (SPEC 4)', () => {
  it.each([
    ['DS_MK', '/device/list'],
    ['DS_LHQBIZ', '/device/list'],
    ['DS_LHQIT', '/device/list'],
    ['DS_FRIT', '/device/list'],
    ['DS_ST', '/device/list'],
    ['DS_KT', '/newdevice/list'],
    ['SOMETHING_ELSE', '/'],
    [null, '/login'],
  ])('%s lands on %s', (role, path) => {
    expect(landingFor(role)).toBe(path);
  });
});

describe('redirects (SPEC 4)', () => {
  it('sends a user without authority to login, except from public routes', () => {
    expect(redirectFor(null, '/device/list')).toBe('/login');
    expect(redirectFor(null, '/login')).toBeNull();
    expect(redirectFor(null, '/sso/abc')).toBeNull();
  });
  it('sends root, unknown and forbidden routes to the landing page', () => {
    expect(redirectFor('DS_MK', '/')).toBe('/device/list');
    expect(redirectFor('DS_MK', '/no/such/page')).toBe('/device/list');
    expect(redirectFor('DS_MK', '/setting/list')).toBe('/device/list');
    expect(redirectFor('DS_KT', '/contents/list')).toBe('/newdevice/list');
  });
  it('lets an allowed role stay', () => {
    expect(redirectFor('DS_FRIT', '/setting/list')).toBeNull();
    expect(redirectFor('DS_KT', '/newdevice/register/SN-1')).toBeNull();
    expect(redirectFor('DS_ST', '/duplicateschedule/selectdevice')).toBeNull();
    expect(redirectFor('DS_LHQBIZ', '/duplicateschedule/selectdevice')).toBe('/device/list');
  });
  it('never redirects a landing page to itself', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROLES), (role) => {
        expect(redirectFor(role, landingFor(role))).toBeNull();
      }),
    );
  });
});

describe('route table (SPEC 2)', () => {
  it('has every route of the spec once', () => {
    // SPEC.md section 2's routes, the audit trail (issue 29 item 7), emergency messages (item 6), fleet health
    // (item 2) and alerts (item 3).
    expect(ROUTES).toHaveLength(29);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(findRoute('/newdevice/register/ABC')?.path).toBe('/newdevice/register/:serialNumber');
    expect(findRoute('/device/list/')?.path).toBe('/device/list');
  });
  it('restricts logs and tags to DS_FRIT', () => {
    for (const path of ['/device/logs', '/setting/list', '/setting/detail', '/setting/register']) {
      expect(findRoute(path)?.roles).toEqual(['DS_FRIT']);
    }
  });
});

describe('side menu by role (SPEC 2)', () => {
  const labels = (role: (typeof ROLES)[number]) => menuFor(role).map((g) => [g.key, g.items.map((i) => i.path)]);
  it('shows everything to DS_FRIT', () => {
    expect(menuFor('DS_FRIT').map((g) => g.key)).toEqual([
      'contents',
      'player',
      'playlist',
      'setting',
      'audit',
      'emergency',
      'alerts',
    ]);
  });
  it('shows emergency messages to DS_FRIT and DS_LHQIT only (issue 29 item 6)', () => {
    const withEmergency = ROLES.filter((role) => menuFor(role).some((g) => g.key === 'emergency'));
    expect(withEmergency).toEqual(['DS_LHQIT', 'DS_FRIT']);
    expect(findRoute('/emergency')?.roles).toEqual(['DS_LHQIT', 'DS_FRIT']);
  });
  it('shows alerts to DS_FRIT and DS_LHQIT only', () => {
    const withAlerts = ROLES.filter((role) => menuFor(role).some((g) => g.key === 'alerts'));
    expect(withAlerts).toEqual(['DS_LHQIT', 'DS_FRIT']);
    expect(findRoute('/alerts')?.roles).toEqual(['DS_LHQIT', 'DS_FRIT']);
  });
  it('shows the audit trail to DS_FRIT and DS_LHQIT only', () => {
    const withAudit = ROLES.filter((role) => menuFor(role).some((g) => g.key === 'audit'));
    expect(withAudit).toEqual(['DS_LHQIT', 'DS_FRIT']);
    expect(findRoute('/audit')?.roles).toEqual(['DS_LHQIT', 'DS_FRIT']);
  });
  it('shows DS_KT only the player group', () => {
    expect(labels('DS_KT')).toEqual([['player', ['/newdevice/list', '/device/list']]]);
  });
  it('shows DS_LHQBIZ the content list but no registration', () => {
    expect(labels('DS_LHQBIZ')).toEqual([
      ['contents', ['/contents/list']],
      ['player', ['/device/list', '/fleet/health']],
      ['playlist', ['/schedule/selectdevice']],
    ]);
  });
  it('hides the Setting group from DS_MK', () => {
    expect(menuFor('DS_MK').some((g) => g.key === 'setting')).toBe(false);
  });
});

describe('catalogue (SPEC 3, 8, 9)', () => {
  it('lists 26 countries and the shown label of the combined pattern', () => {
    expect(COUNTRIES).toHaveLength(26);
    expect(displayPatternLabel('Multi,CW&1x1v')).toBe('1x1h&1x1v');
    expect(DISPLAY_PATTERNS.filter((p) => !p.liveAllowed).map((p) => p.value)).toEqual(['1x4(2x8inc)', '2x1', 'LED']);
  });
  it('maps both spellings of the login failure to one key', () => {
    expect(messageKeyOf(MESSAGES.loginFailed)).toBe('loginFailed');
    expect(messageKeyOf('Incorrect ID or Password. Login failed')).toBe('loginFailed');
    expect(messageKeyOf('unknown text')).toBeUndefined();
  });
});

describe('store code (SPEC 5)', () => {
  it('pads short numeric codes and keeps digits only', () => {
    expect(padStoreCode('12')).toBe('0012');
    expect(padStoreCode('')).toBe('');
    expect(sanitizeStoreCode('a1b2345')).toBe('1234');
  });
  it('always yields empty or four digits', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(padStoreCode(s)).toMatch(/^(\d{4})?$/);
      }),
    );
  });
  it('reads a typed code (search, address) as one to four digits, padded; anything else is none', () => {
    expect(typedStoreCode('7')).toBe('0007');
    expect(typedStoreCode('1234')).toBe('1234');
    for (const text of ['', '12345', '12a', ' 12', '１２']) expect(typedStoreCode(text)).toBeNull();
  });
});
