import { MESSAGES, MORE_RESULTS, NO_MORE_RESULTS } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { activePlayer, announce, insertDeviceTag, issuePin, nextSerial, query, setDevice } from './fixtures';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';

let t: TestApp;
const cookies: Record<string, string> = {};
const codes: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await insertDeviceTag(t.db, T1, 'Campaign');
  await insertDeviceTag(t.db, T2, 'Window');
  const users = {
    frit: { role: 'DS_FRIT' },
    mk: { role: 'DS_MK' },
    kt: { role: 'DS_KT', region: 'JP' },
    biz: { role: 'DS_LHQBIZ', region: 'JP' },
    it: { role: 'DS_LHQIT', region: 'JP' },
    st: { role: 'DS_ST', region: 'JP', shopNo: '0012' },
    stUs: { role: 'DS_ST', region: 'US', shopNo: '0100' },
  } as const;
  for (const [name, options] of Object.entries(users))
    cookies[name] = await loginAs(t.app, await createUser(t.db, options));
  const frit = cookies.frit!;
  const a = await activePlayer(t.app, frit, {
    region: 'JP',
    shop_no: '0012',
    shop_name: 'Ginza Flagship',
    memo: 'near the door',
    display_pattern: 'Multi,CW',
    store_type: '1SmallMid',
    device_type: '1M',
    tags: [T1],
  });
  const b = await activePlayer(t.app, frit, {
    region: 'JP',
    shop_no: '0034',
    shop_name: 'Shibuya',
    display_pattern: '1x1v',
    store_type: '2Large',
    device_type: '2W',
    tags: [T2],
  });
  const c = await activePlayer(t.app, frit, {
    region: 'US',
    shop_no: '0100',
    shop_name: 'Soho',
    display_pattern: 'LED',
    store_type: '3Flagship',
    tags: [T1, T2],
  });
  const dSerial = nextSerial();
  await announce(t.app, dSerial);
  const d = await issuePin(t.app, frit, dSerial, { region: 'JP', shop_no: '0012', shop_name: 'Ginza Flagship' });
  await announce(t.app, nextSerial());
  Object.assign(codes, { a: a.device_code, b: b.device_code, c: c.device_code, d: d.device_code });
  const base = Date.now();
  await setDevice(t.db, a.device_code, { lastAccessed: new Date(), updatedAt: new Date(base - 3000) });
  await setDevice(t.db, b.device_code, {
    lastAccessed: new Date(base - 10 * 60_000),
    updatedAt: new Date(base - 2000),
  });
  await setDevice(t.db, c.device_code, {
    lastAccessed: new Date(),
    updatedAt: new Date(base - 1000),
  });
});
afterAll(async () => {
  await t?.close();
});

async function list(user: string, params: Record<string, string | string[] | boolean | number | undefined> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/devices?${query(params)}`, headers: { cookie: cookies[user]! } });
}
async function names(user: string, params: Record<string, string | string[] | boolean | number | undefined> = {}) {
  const response = await list(user, params);
  expect(response.statusCode, response.body).toBe(200);
  const code = Object.fromEntries(Object.entries(codes).map(([k, v]) => [v, k]));
  return (response.json().data.devices as { device_code: string }[]).map((d) => code[d.device_code]).sort();
}

describe('player list: region binding and activation per role (SPEC 6)', () => {
  it('DS_FRIT and DS_MK see activated players of every region, or one region on request', async () => {
    expect(await names('frit')).toEqual(['a', 'b', 'c']);
    expect(await names('mk')).toEqual(['a', 'b', 'c']);
    expect(await names('mk', { region: 'US' })).toEqual(['c']);
    const response = await list('frit');
    expect(response.json().data.summary).toMatchObject({ total: 3, moreResults: NO_MORE_RESULTS });
  });
  it('region-bound roles see their region only and get 403 for another', async () => {
    expect(await names('biz')).toEqual(['a', 'b']);
    expect(await names('it', { region: 'JP' })).toEqual(['a', 'b']);
    expect((await list('biz', { region: 'US' })).statusCode).toBe(403);
  });
  it('DS_KT also sees registered players not paired yet, and may ask for those only', async () => {
    expect(await names('kt')).toEqual(['a', 'b', 'd']);
    expect(await names('kt', { is_activated: false })).toEqual(['d']);
    const d = (await list('kt', { is_activated: false })).json().data.devices[0];
    expect(d.is_activated).toBe(false);
    expect((await list('biz', { is_activated: false })).statusCode).toBe(403);
  });
  it('DS_ST sees its own shop only and may not filter by attributes or other shops', async () => {
    expect(await names('st')).toEqual(['a']);
    expect(await names('st', { shop_no: '12' })).toEqual(['a']);
    expect(await names('stUs')).toEqual(['c']);
    expect((await list('st', { shop_no: '0034' })).statusCode).toBe(403);
    expect((await list('st', { store_type: '2Large' })).statusCode).toBe(403);
    expect((await list('st', { region: 'US' })).statusCode).toBe(403);
  });
});

describe('player list filters (SPEC 7)', () => {
  it.each([
    [{ shop_name: 'ginza' }, ['a']],
    [{ shop_name: '%' }, []],
    [{ memo: 'DOOR' }, ['a']],
    [{ shop_no: '34' }, ['b']],
    [{ is_alive: true }, ['a', 'c']],
    [{ is_alive: false }, ['b']],
    [{ has_schedule: true }, ['c']],
    [{ has_schedule: false }, ['a', 'b']],
    [{ display_pattern: 'LED' }, ['c']],
    [{ display_pattern: ['LED', '1x1v'] }, ['b', 'c']],
    [{ store_type: '1SmallMid,2Large' }, ['a', 'b']],
    [{ device_type: '9Unset' }, ['c']],
    [{ tags: T1 }, ['a', 'c']],
    [{ tags: [T1, T2] }, ['a', 'b', 'c']],
    [{ exclude_tag: T2 }, ['a']],
    [{ tags: T1, exclude_tag: T2 }, ['a']],
    [{ exclude_store_type: '3Flagship' }, ['a', 'b']],
    [{ exclude_device_type: '1M,2W' }, ['c']],
    [{ store_type: '1SmallMid', exclude_device_type: '1M' }, []],
    [{ region: 'JP', tags: T2, is_alive: false }, ['b']],
    [{ exclude_tag: [T1, T2] }, []],
  ])('%j -> %j', async (params, expected) => {
    expect(await names('frit', params)).toEqual(expected);
  });

  it('pages by cursor without repeats, newest update first, and ASC reverses', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 3; i++) {
      const response = await list('frit', { limit: 1, endCursor: cursor });
      const data = response.json().data;
      seen.push(data.devices[0].device_code);
      expect(data.summary.moreResults).toBe(i < 2 ? MORE_RESULTS : NO_MORE_RESULTS);
      expect(data.summary.total).toBe(3);
      cursor = data.summary.endCursor;
    }
    expect(seen).toEqual([codes.c, codes.b, codes.a]);
    const asc = (await list('frit', { order: 'ASC' }))
      .json()
      .data.devices.map((d: { device_code: string }) => d.device_code);
    expect(asc).toEqual([codes.a, codes.b, codes.c]);
    expect((await list('frit', { all: true, limit: 1 })).json().data.devices).toHaveLength(3);
  });

  it('answers bad filters with 400, never 500', async () => {
    for (const params of [
      { store_type: 'castle' },
      { endCursor: 'garbage' },
      { limit: 1000 },
      { tags: 'not-a-uuid' },
      { is_alive: 'maybe' },
      { shop_no: 'abcd' },
    ]) {
      expect((await list('frit', params)).statusCode, JSON.stringify(params)).toBe(400);
    }
  });

  it('shows the effective alive state and the tags of each player', async () => {
    const devices = (await list('frit', { region: 'US' })).json().data.devices;
    expect(devices[0]).toMatchObject({
      is_alive: true,
      has_schedule: true,
      store_type: '3Flagship',
      device_type: '9Unset',
    });
    expect(devices[0].tags.map((tag: { id: string }) => tag.id).sort()).toEqual([T1, T2]);
  });
});

describe('player detail, edit and delete', () => {
  const detail = (user: string, code: string) =>
    t.app.inject({ method: 'GET', url: `/api/devices/${code}`, headers: { cookie: cookies[user]! } });
  const edit = (user: string, code: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/devices/${code}`, headers: { cookie: cookies[user]! }, payload });
  const remove = (user: string, code: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/devices/${code}`, headers: { cookie: cookies[user]! } });

  it('shows a player only to users who may see it (404 otherwise)', async () => {
    expect((await detail('st', codes.a!)).json().data.devices[0].shop_name).toBe('Ginza Flagship');
    expect((await detail('st', codes.b!)).statusCode).toBe(404);
    expect((await detail('kt', codes.d!)).statusCode).toBe(200);
    expect((await detail('mk', codes.d!)).statusCode).toBe(404);
    expect((await detail('biz', codes.c!)).statusCode).toBe(404);
    expect((await detail('frit', 'NOPE')).statusCode).toBe(404);
    expect((await detail('frit', 'bad code!')).statusCode).toBe(400);
  });

  it('edits memo, store type, installation site and tags; DS_ST may not', async () => {
    const changed = await edit('mk', codes.a!, {
      memo: 'moved to the window',
      store_type: '2Large',
      device_type: '6UT',
      tags: [T2],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.devices[0]).toMatchObject({
      memo: 'moved to the window',
      store_type: '2Large',
      device_type: '6UT',
    });
    expect(changed.json().data.devices[0].tags.map((tag: { id: string }) => tag.id)).toEqual([T2]);
    expect((await edit('st', codes.a!, { memo: 'x' })).statusCode).toBe(403);
    expect((await edit('biz', codes.c!, { memo: 'x' })).statusCode).toBe(404);
    expect((await edit('mk', codes.a!, { store_type: 'castle' })).statusCode).toBe(400);
    expect((await edit('mk', codes.a!, { memo: 'x'.repeat(501) })).json().message).toBe(MESSAGES.playerPutFailed);
    expect(await names('frit', { exclude_tag: T1 })).toEqual(['a', 'b']);
  });

  it('lets only DS_LHQIT (own region) and DS_FRIT delete', async () => {
    expect((await remove('mk', codes.b!)).statusCode).toBe(403);
    expect((await remove('kt', codes.b!)).statusCode).toBe(403);
    expect((await remove('it', codes.c!)).statusCode).toBe(404);
    expect((await remove('it', codes.b!)).statusCode).toBe(200);
    expect((await remove('it', codes.b!)).statusCode).toBe(404);
    expect(await names('frit')).toEqual(['a', 'c']);
  });
});
