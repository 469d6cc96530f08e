import {
  AGENT_CONTRACT_LIST,
  AGENT_CONTRACTS,
  API,
  API_CONTRACTS,
  type Contract,
  DISPLAY_PATTERN_VALUES,
  pathOf,
  ROLES,
  type Role,
} from '@signage/domain';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, loginAs, type TestApp, type TestUser } from './helpers';
import { activePlayer } from './players/fixtures';

/**
 * Every /api contract called for real, anonymously and as each of the six roles, with a request of the
 * right shape: the status must be what SPEC_TABLE below says (401 without a session, 403 for a role it does
 * not name, neither for the others). The table is written from SPEC.md sections 2 and 6, not read from the
 * contracts: a wrong role in a contract makes this fail. A new endpoint needs a contract and a row here; one
 * without either fails the coverage checks below. The /agent contracts are called the same way: the
 * 'device' ones need a real paired player's token (a session of any role does not count).
 */

const MK = 'DS_MK';
const ST = 'DS_ST';
const KT = 'DS_KT';
const BIZ = 'DS_LHQBIZ';
const IT = 'DS_LHQIT';
const FRIT = 'DS_FRIT';
/** SPEC.md section 6, "Roles". */
const EVERY_ROLE: readonly Role[] = [MK, ST, KT, BIZ, IT, FRIT];

/** 'public': anyone, no session; 'device': a paired player's token only; else the signed-in roles allowed. */
type Rule = 'public' | 'device' | readonly Role[];

/** Who may call each endpoint, from SPEC.md sections 2 (routes and their roles) and 6 (roles and permissions). */
const SPEC_TABLE: Readonly<Record<string, Rule>> = {
  // Section 2: /login and /sso/{samlresponse} are open to any; health is for the operator's probes.
  'POST /api/users/:userId/auth': 'public',
  'GET /api/sso': 'public',
  'POST /api/sso/callback': 'public',
  'GET /api/sso/token/:token': 'public',
  'GET /api/sso/metadata': 'public',
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  // The session itself: every signed-in role ('/': any).
  'GET /api/users/me': EVERY_ROLE,
  'DELETE /api/users/:userId/auth': EVERY_ROLE,
  // Tags are read by every role's player search (store type, location, tag); kept by DS_FRIT only
  // (section 2 /setting/*, section 6 "DS_FRIT: everything including logs and tags").
  'GET /api/setting': EVERY_ROLE,
  'GET /api/setting/:key': EVERY_ROLE,
  'POST /api/setting': [FRIT],
  'PUT /api/setting/:key': [FRIT],
  'DELETE /api/setting/:key': [FRIT],
  // Section 2 /device/list, /device/detail ("same as list"): all six.
  'GET /api/devices': EVERY_ROLE,
  'GET /api/devices/:device_code': EVERY_ROLE,
  // Section 6: "Edit player: all except ST".
  'PUT /api/devices/:device_code': [MK, KT, BIZ, IT, FRIT],
  // Section 2, Player detail: "Delete player: DS_LHQIT and DS_FRIT".
  'DELETE /api/devices/:device_code': [IT, FRIT],
  // Remote commands and screenshots (issue 29 items 4, 5): "for the roles that may edit the player", section 6
  // "Edit player: all except ST".
  'POST /api/devices/:device_code/commands': [MK, KT, BIZ, IT, FRIT],
  'GET /api/devices/:device_code/commands': [MK, KT, BIZ, IT, FRIT],
  'GET /api/devices/:device_code/screenshots/:screenshot_id': [MK, KT, BIZ, IT, FRIT],
  // Emergency messages (issue 29 item 6): "DS_FRIT and DS_LHQIT (their region)" post, list and cancel them.
  'POST /api/emergencies': [IT, FRIT],
  'GET /api/emergencies': [IT, FRIT],
  'POST /api/emergencies/:emergency_id/cancel': [IT, FRIT],
  // Opening hours (issue 29 item 1): read with the player's details (all six), set by "the roles that may
  // edit the player" (section 6 "Edit player: all except ST"), one player or a selection.
  'GET /api/devices/:device_code/hours': EVERY_ROLE,
  'PUT /api/devices/:device_code/hours': [MK, KT, BIZ, IT, FRIT],
  'POST /api/devices/hours': [MK, KT, BIZ, IT, FRIT],
  // Fleet health (issue 29 item 2): DS_LHQIT and DS_FRIT, read-only for DS_LHQBIZ; their region's players.
  'GET /api/fleet/health': [BIZ, IT, FRIT],
  // Alerts (issue 29 item 3): who watches and fixes the fleet, DS_LHQIT (its region) and DS_FRIT (every country);
  // each user's own subscriptions and delivery log only.
  'GET /api/alerts/subscriptions': [IT, FRIT],
  'POST /api/alerts/subscriptions': [IT, FRIT],
  'DELETE /api/alerts/subscriptions/:subscription_id': [IT, FRIT],
  'GET /api/alerts/messages': [IT, FRIT],
  // Section 2 /device/logs: DS_FRIT.
  'GET /api/devices/logs': [FRIT],
  'POST /api/devices/logs/download': [FRIT],
  // Section 2, Player list: the floor map link of the shop table, for whoever sees the list.
  'GET /api/floormap/:region/:shop_no/floormap.pdf': EVERY_ROLE,
  // Uploading a map: the spec names only the bucket. Decided here: the roles that may delete a player and
  // correct its store (DS_LHQIT, DS_FRIT); nobody else changes what a store is.
  'PUT /api/floormap/:region/:shop_no/floormap.pdf': [IT, FRIT],
  // Section 2 /newdevice/list, /newdevice/register/{serialNumber}: DS_KT, DS_LHQIT, DS_FRIT.
  'GET /api/registrations': [KT, IT, FRIT],
  'POST /api/registrations': [KT, IT, FRIT],
  'POST /api/players': [KT, IT, FRIT],
  'GET /api/players/:device_code': [KT, IT, FRIT],
  // Contents as the playlist steps pick and show them (section 2 /schedule/selectcontent, /device/contentedit:
  // DS_ST, DS_MK, DS_LHQBIZ, DS_LHQIT, DS_FRIT; section 6 "Edit schedules/content from the content list: MK,
  // ST, LHQBIZ, LHQIT, FRIT"); /contents/list itself is the same without DS_ST.
  'GET /api/contents': [ST, MK, BIZ, IT, FRIT],
  'GET /api/contents/:key': [ST, MK, BIZ, IT, FRIT],
  'GET /api/contents/:key/:which': [ST, MK, BIZ, IT, FRIT],
  'GET /api/live/:content_id/status': [ST, MK, BIZ, IT, FRIT],
  'GET /api/live/:content_id/:file': [ST, MK, BIZ, IT, FRIT],
  // Section 2 /contents/register, /contents/detail: DS_MK, DS_FRIT.
  'GET /api/contents/live-platforms': [MK, FRIT],
  'POST /api/contents': [MK, FRIT],
  'POST /api/contents/from-upload': [MK, FRIT],
  'PUT /api/contents/:key': [MK, FRIT],
  'DELETE /api/contents/:contentId': [MK, FRIT],
  'POST /api/uploads': [MK, FRIT],
  'PATCH /api/uploads/:upload_id': [MK, FRIT],
  'POST /api/contents/:key/stream-key': [MK, FRIT],
  // Section 2 /contents/history, /contents/historysummary, /contents/historydetail: DS_MK, DS_FRIT.
  'GET /api/contents/history': [MK, FRIT],
  'GET /api/contents/history/csv': [MK, FRIT],
  'GET /api/contents/history/:contentHistoryKey': [MK, FRIT],
  'GET /api/contents/history/:contentHistoryKey/csv': [MK, FRIT],
  'GET /api/playhistory': [MK, FRIT],
  // A player's schedules are part of its details (Player detail's timeline): all six.
  'GET /api/schedules': EVERY_ROLE,
  'GET /api/schedules/:schedule_id': EVERY_ROLE,
  // Section 2 /schedule/*, /device/scheduleupdate: DS_ST, DS_MK, DS_LHQBIZ, DS_LHQIT, DS_FRIT.
  'POST /api/schedules': [ST, MK, BIZ, IT, FRIT],
  'PUT /api/schedules/:schedule_id': [ST, MK, BIZ, IT, FRIT],
  'DELETE /api/schedules/:schedule_id': [ST, MK, BIZ, IT, FRIT],
  // Section 2 /duplicateschedule/*, section 6 "Duplicate: MK, ST, FRIT".
  'POST /api/schedules/:schedule_id/duplicate': [ST, MK, FRIT],
  // Issue 29 item 7, the audit trail: DS_FRIT every entry, DS_LHQIT its own region's (the rows are the
  // server's decision: auth/rows.ts auditReach).
  'GET /api/audit': [IT, FRIT],
  'GET /api/audit/csv': [IT, FRIT],
  // The player's own calls: it announces itself and pairs with a PIN before it has a token.
  'POST /agent/v1/announce': 'public',
  'POST /agent/v1/pair': 'public',
  'POST /agent/v1/heartbeat': 'device',
  'POST /agent/v1/logs': 'device',
  'GET /agent/v1/manifest': 'device',
  'GET /agent/v1/media/:content_id': 'device',
  'GET /agent/v1/events': 'device',
  'GET /agent/v1/live/:content_id/:file': 'device',
  'POST /agent/v1/plays': 'device',
  'GET /agent/v1/commands': 'device',
  'POST /agent/v1/commands/:command_id': 'device',
  'POST /agent/v1/screenshots': 'device',
};

/** `user` of the anonymous caller only lends its ID and password to the sign-in endpoint; it has no session. */
type Caller = { name: string; role: Role | null; user: TestUser; cookie: string | null };

/** Valid-shaped path parameters by name; the caller's own ID where the endpoint is about the caller. */
function paramsFor(contract: Contract, caller: Caller): Record<string, string> {
  const values: Record<string, string> = {
    userId: caller.user.userId,
    key: 'no-such-key',
    contentId: 'no-such-content',
    content_id: 'no-such-content',
    contentHistoryKey: 'no-such-content',
    which: 'file',
    file: 'index.m3u8',
    device_code: 'NOSUCHDEVICE',
    region: 'JP',
    shop_no: '0001',
    upload_id: 'no-such-upload',
    token: 'no-such-token',
    schedule_id: '00000000-0000-4000-8000-000000000000',
    command_id: '00000000-0000-4000-8000-000000000000',
    screenshot_id: '00000000-0000-4000-8000-000000000000',
    emergency_id: '00000000-0000-4000-8000-000000000000',
    subscription_id: '00000000-0000-4000-8000-000000000000',
  };
  const names = [...contract.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
  const missing = names.filter((name) => !(name in values));
  if (missing.length > 0) throw new Error(`${contract.path}: add sample values for ${missing.join(', ')}`);
  return Object.fromEntries(names.map((name) => [name, values[name] ?? '']));
}

const tag = { type: 'DEVICE_TAG', value: 'matrix', en: 'Matrix', ja: 'Matrix', zh: 'Matrix', ko: 'Matrix' };
const store = {
  region: 'JP',
  shop_no: '0001',
  shop_name: 'Matrix',
  display_pattern: DISPLAY_PATTERN_VALUES[0],
  memo: '',
};

/** Bodies and queries where an empty one would not be valid-shaped. */
const SAMPLES = new Map<Contract, { query?: Record<string, string>; body?: (caller: Caller) => unknown }>([
  [API.users.login, { body: (caller) => ({ password: caller.user.password }) }],
  [API.players.logs, { query: { device_code: 'NOSUCHDEVICE' } }],
  [API.players.logDownload, { body: () => ({ device_code: 'NOSUCHDEVICE', downloadAll: true }) }],
  [API.setting.create, { body: () => tag }],
  [API.setting.update, { body: () => tag }],
  [API.players.update, { body: () => ({ memo: 'matrix' }) }],
  [API.players.registerWaiting, { body: () => ({ ...store, device_name: 'NOSUCHSERIAL' }) }],
  [API.players.reissuePin, { body: () => ({ ...store, device_code: 'NOSUCHDEVICE' }) }],
  [
    API.contents.registerUpload,
    { body: () => ({ upload_id: 'no-such-upload', name: 'Matrix', display_pattern: DISPLAY_PATTERN_VALUES[0] }) },
  ],
  [API.contents.update, { body: () => ({ name: 'Matrix' }) }],
  [API.commands.send, { body: () => ({ kind: 'identify' }) }],
  [
    API.emergencies.post,
    {
      body: () => ({
        target: { by: 'stores', shop_nos: ['0001'] },
        kind: 'text',
        text: 'Matrix',
        ends_at: new Date(Date.now() + 60_000).toISOString(),
      }),
    },
  ],
  [API.hours.set, { body: () => ({ hours: null }) }],
  [
    API.alerts.subscribe,
    {
      body: () => ({
        conditions: ['offline'],
        channel: 'webhook',
        webhook_url: 'https://hooks.example.com/matrix',
        webhook_secret: 'a-secret-for-the-matrix',
      }),
    },
  ],
  [API.hours.bulk, { body: () => ({ device_codes: ['NOSUCHDEVICE'], hours: null }) }],
]);

const label = (contract: Contract) => `${contract.method} ${contract.path}`;

function ruleOf(contract: Contract): Rule {
  const rule = SPEC_TABLE[label(contract)];
  if (rule === undefined) throw new Error(`${label(contract)}: add its row to SPEC_TABLE, from SPEC.md`);
  return rule;
}

/** 401 / 403 / "neither" as SPEC_TABLE says for this caller (who brings no device token). */
function expected(contract: Contract, role: Role | null): 'open' | 401 | 403 {
  const rule = ruleOf(contract);
  if (rule === 'public') return 'open';
  if (role === null || rule === 'device') return 401;
  return rule.includes(role) ? 'open' : 403;
}

const ALL_CONTRACTS: readonly Contract[] = [...API_CONTRACTS, ...AGENT_CONTRACT_LIST];

const registered: { method: string; url: string }[] = [];
let t: TestApp;
const callers: Caller[] = [];
/** The device token of a player paired through the real announce / register / pair flow. */
let deviceToken = '';

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  });
  callers.push({ name: 'anonymous', role: null, user: await createUser(t.db, { role: 'DS_MK' }), cookie: null });
  for (const role of ROLES) {
    const user = await createUser(t.db, { role, region: 'JP', ...(role === 'DS_ST' ? { shopNo: '0001' } : {}) });
    callers.push({ name: role, role, user, cookie: await loginAs(t.app, user) });
  }
  const registrar = callers.find((c) => c.role === FRIT);
  deviceToken = (await activePlayer(t.app, registrar?.cookie ?? '', { region: 'JP', shop_no: '0001' })).token;
});
afterAll(async () => {
  await t?.close();
});

async function call(contract: Contract, caller: Caller, authorization?: string) {
  const sample = SAMPLES.get(contract);
  // Signing in replaces the session it is sent with and signing out ends it: both get a session of their own.
  const ending = contract === API.users.login || contract === API.users.logout;
  const cookie = ending && caller.cookie ? await loginAs(t.app, caller.user) : caller.cookie;
  const body = sample?.body?.(caller);
  // The push channel's answer is a stream that stays open: read its status and headers, then hang up.
  if (contract === AGENT_CONTRACTS.events) {
    const headers = { ...(authorization ? { authorization } : {}) };
    const response = await t.app.inject({ method: 'GET', url: contract.path, headers, payloadAsStream: true });
    if (response.statusCode === 200) {
      response.stream().destroy();
      return response;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of response.stream()) chunks.push(Buffer.from(chunk));
    const text = Buffer.concat(chunks).toString('utf8');
    return {
      ...response,
      statusCode: response.statusCode,
      body: text,
      json: () => JSON.parse(text),
    } as typeof response;
  }
  return t.app.inject({
    method: contract.method,
    url: pathOf(contract, paramsFor(contract, caller)),
    query: sample?.query,
    headers: { ...(cookie ? { cookie } : {}), ...(authorization ? { authorization } : {}) },
    ...(body !== undefined
      ? { payload: body as object }
      : contract.method === 'POST' || contract.method === 'PUT'
        ? { payload: {} }
        : {}),
  });
}

describe('every /api endpoint answers each caller as SPEC.md says', () => {
  for (const contract of API_CONTRACTS) {
    it(label(contract), async () => {
      const outcome: Record<string, number | string> = {};
      const wanted: Record<string, number | string> = {};
      for (const caller of callers) {
        const response = await call(contract, caller);
        const want = expected(contract, caller.role);
        const status = response.statusCode;
        outcome[caller.name] = want === 'open' && status !== 401 && status !== 403 ? 'open' : status;
        wanted[caller.name] = want;
        if (want !== 'open') expect(response.json().result, `${caller.name}: ${response.body}`).toBe('Failure');
      }
      expect(outcome).toEqual(wanted);
    });
  }
});

describe('every /agent endpoint answers each caller as SPEC.md says', () => {
  for (const contract of AGENT_CONTRACT_LIST) {
    it(label(contract), async () => {
      const outcome: Record<string, number | string> = {};
      const wanted: Record<string, number | string> = {};
      for (const caller of callers) {
        const response = await call(contract, caller);
        const want = expected(contract, caller.role);
        const status = response.statusCode;
        outcome[caller.name] = want === 'open' && status !== 401 && status !== 403 ? 'open' : status;
        wanted[caller.name] = want;
        if (want !== 'open') expect(response.json().result, `${caller.name}: ${response.body}`).toBe('Failure');
      }
      expect(outcome).toEqual(wanted);
    });
  }

  for (const contract of AGENT_CONTRACT_LIST.filter((c) => ruleOf(c) === 'device')) {
    it(`${label(contract)} takes a paired player's device token and nothing else`, async () => {
      const anonymous = callers[0] as Caller;
      const statusWith = async (authorization?: string) => (await call(contract, anonymous, authorization)).statusCode;
      expect(await statusWith()).toBe(401);
      expect(await statusWith('Bearer not-a-real-device-token')).toBe(401);
      expect(await statusWith(deviceToken)).toBe(401);
      expect(await statusWith(`Bearer ${deviceToken}`)).not.toBe(401);
    });
  }
});

describe('the route table', () => {
  it('has one SPEC_TABLE row per contract, and no row without one', () => {
    expect(Object.keys(SPEC_TABLE).sort()).toEqual(ALL_CONTRACTS.map(label).sort());
  });

  const normalise = (url: string) => url.replace(/\/$/, '').replace(/\/\*$/, '/:upload_id') || '/';
  const samePath = (a: string, b: string) => {
    const x = normalise(a).split('/');
    const y = normalise(b).split('/');
    return (
      x.length === y.length && x.every((part, i) => part === y[i] || (part.startsWith(':') && y[i]?.startsWith(':')))
    );
  };

  it('has a contract for every route the app serves under /api', () => {
    const api = registered.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(API_CONTRACTS.length);
    const uncovered = api.filter(({ method, url }) => {
      const onPath = API_CONTRACTS.filter((c) => samePath(c.path, url));
      if (onPath.length === 0) return true;
      // tus answers every method of its paths itself: declaring the paths (and their roles) is what counts.
      if (url.startsWith(API.contents.uploadCreate.path)) return false;
      const methods = method === 'HEAD' ? ['HEAD', 'GET'] : [method];
      return !onPath.some((c) => methods.includes(c.method));
    });
    expect(uncovered).toEqual([]);
  });

  it('has a contract for every route the app serves under /agent', () => {
    const agent = registered.filter((r) => r.url.startsWith('/agent/'));
    expect(agent.length).toBeGreaterThanOrEqual(AGENT_CONTRACT_LIST.length);
    // Fastify answers HEAD on every GET route by itself (the manifest and media GETs).
    const uncovered = agent.filter(({ method, url }) => {
      const methods = method === 'HEAD' ? ['HEAD', 'GET'] : [method];
      return !AGENT_CONTRACT_LIST.some((c) => methods.includes(c.method) && samePath(c.path, url));
    });
    expect(uncovered).toEqual([]);
  });

  it('serves and documents every contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; security?: unknown }>>;
    };
    for (const contract of ALL_CONTRACTS) {
      expect(
        registered.some((r) => r.method === contract.method && samePath(r.url, contract.path)),
        label(contract),
      ).toBe(true);
      if (contract.path.startsWith(API.contents.uploadCreate.path)) continue;
      const openApiPath = contract.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      const entry = doc.paths[openApiPath] ?? doc.paths[`${openApiPath}/`];
      const operation = entry?.[contract.method.toLowerCase()];
      expect(operation?.summary, label(contract)).toBe(contract.summary);
      if (contract.roles === 'device') expect(operation?.security, label(contract)).toEqual([{ device: [] }]);
      if (contract.roles === 'public') expect(operation?.security, label(contract)).toEqual([]);
    }
  });
});
