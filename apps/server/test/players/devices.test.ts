import { MESSAGES, MORE_RESULTS, NO_MORE_RESULTS } from '@signage/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { settings } from '../../src/db/schema';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { activePlayer, announce, insertDeviceTag, issuePin, nextSerial, query, setDevice } from './fixtures';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';

type Params = Record<string, string | string[] | boolean | number | undefined>;

const opened: TestApp[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

/**
 * A fresh app per test with the same small world: three paired players a, b, c (JP 0012, JP 0034,
 * US 0100), d registered to JP 0012 but not paired, one waiting serial, and a user of every role.
 */
async function world() {
  const t = await createTestApp();
  opened.push(t);
  await insertDeviceTag(t.db, T1, 'Campaign');
  await insertDeviceTag(t.db, T2, 'Window');
  const roles = {
    frit: { role: 'DS_FRIT' },
    mk: { role: 'DS_MK' },
    kt: { role: 'DS_KT', region: 'JP' },
    biz: { role: 'DS_LHQBIZ', region: 'JP' },
    it: { role: 'DS_LHQIT', region: 'JP' },
    st: { role: 'DS_ST', region: 'JP', shopNo: '0012' },
    stUs: { role: 'DS_ST', region: 'US', shopNo: '0100' },
  } as const;
  // Signing in is slow on purpose, so each test signs in only the roles it uses.
  const cookies = new Map<string, Promise<string>>();
  const cookie = (name: string) => {
    const options = roles[name as keyof typeof roles];
    if (!cookies.has(name))
      cookies.set(
        name,
        createUser(t.db, options).then((user) => loginAs(t.app, user)),
      );
    return cookies.get(name)!;
  };
  const frit = await cookie('frit');
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
  const codes = { a: a.device_code, b: b.device_code, c: c.device_code, d: d.device_code };
  // b has missed its heartbeats; the update times fix the list order c, b, a (newest first).
  const base = Date.now();
  await setDevice(t.db, codes.a, { lastAccessed: new Date(), updatedAt: new Date(base - 3000) });
  await setDevice(t.db, codes.b, { lastAccessed: new Date(base - 10 * 60_000), updatedAt: new Date(base - 2000) });
  await setDevice(t.db, codes.c, { lastAccessed: new Date(), updatedAt: new Date(base - 1000) });

  const list = async (user: string, params: Params = {}) =>
    t.app.inject({ method: 'GET', url: `/api/devices?${query(params)}`, headers: { cookie: await cookie(user) } });
  const letterOf = Object.fromEntries(Object.entries(codes).map(([letter, code]) => [code, letter]));
  const names = async (user: string, params: Params = {}) => {
    const response = await list(user, params);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data.devices as { device_code: string }[]).map((d) => letterOf[d.device_code]).sort();
  };
  const detail = async (user: string, code: string) =>
    t.app.inject({ method: 'GET', url: `/api/devices/${code}`, headers: { cookie: await cookie(user) } });
  const edit = async (user: string, code: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/devices/${code}`, headers: { cookie: await cookie(user) }, payload });
  const remove = async (user: string, code: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/devices/${code}`, headers: { cookie: await cookie(user) } });
  return { t, cookie, codes, serials: { a: a.serial }, tokens: { a: a.token }, list, names, detail, edit, remove };
}

describe('player list: region binding and activation per role (SPEC 6)', () => {
  it('DS_FRIT and DS_MK see activated players of every region, or one region on request', async () => {
    const w = await world();
    expect(await w.names('frit')).toEqual(['a', 'b', 'c']);
    expect(await w.names('mk')).toEqual(['a', 'b', 'c']);
    expect(await w.names('mk', { region: 'US' })).toEqual(['c']);
    expect((await w.list('frit')).json().data.summary).toMatchObject({ total: 3, moreResults: NO_MORE_RESULTS });
  });

  it('region-bound roles see their region only and get 403 for another', async () => {
    const w = await world();
    expect(await w.names('biz')).toEqual(['a', 'b']);
    expect(await w.names('it', { region: 'JP' })).toEqual(['a', 'b']);
    expect((await w.list('biz', { region: 'US' })).statusCode).toBe(403);
  });

  it('DS_KT also sees registered players not paired yet, and may ask for those only', async () => {
    const w = await world();
    expect(await w.names('kt')).toEqual(['a', 'b', 'd']);
    expect(await w.names('kt', { is_activated: false })).toEqual(['d']);
    expect((await w.list('kt', { is_activated: false })).json().data.devices[0].is_activated).toBe(false);
    expect((await w.list('biz', { is_activated: false })).statusCode).toBe(403);
  });

  it('DS_ST sees its own shop only and may not filter by attributes or other shops', async () => {
    const w = await world();
    expect(await w.names('st')).toEqual(['a']);
    expect(await w.names('st', { shop_no: '12' })).toEqual(['a']);
    expect(await w.names('stUs')).toEqual(['c']);
    expect((await w.list('st', { shop_no: '0034' })).statusCode).toBe(403);
    expect((await w.list('st', { store_type: '2Large' })).statusCode).toBe(403);
    expect((await w.list('st', { region: 'US' })).statusCode).toBe(403);
  });
});

describe('player list filters (SPEC 7)', () => {
  it('narrows the list by every filter and their combinations', async () => {
    const w = await world();
    const cases: [Params, string[]][] = [
      [{ shop_name: 'ginza' }, ['a']],
      [{ shop_name: '%' }, []],
      [{ memo: 'DOOR' }, ['a']],
      [{ shop_no: '34' }, ['b']],
      [{ is_alive: true }, ['a', 'c']],
      [{ is_alive: false }, ['b']],
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
    ];
    for (const [params, expected] of cases)
      expect(await w.names('frit', params), JSON.stringify(params)).toEqual(expected);
  });

  it('has_schedule is derived from schedules: with none yet, every player is unscheduled', async () => {
    const w = await world();
    expect(await w.names('frit', { has_schedule: false })).toEqual(['a', 'b', 'c']);
    expect(await w.names('frit', { has_schedule: true })).toEqual([]);
    const shown = (await w.list('frit')).json().data.devices.map((d: { has_schedule: boolean }) => d.has_schedule);
    expect(shown).toEqual([false, false, false]);
  });

  it('pages by cursor without repeats, newest update first, and ASC reverses', async () => {
    const w = await world();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 3; i++) {
      const data = (await w.list('frit', { limit: 1, endCursor: cursor })).json().data;
      seen.push(data.devices[0].device_code);
      expect(data.summary.moreResults).toBe(i < 2 ? MORE_RESULTS : NO_MORE_RESULTS);
      expect(data.summary.total).toBe(3);
      cursor = data.summary.endCursor;
    }
    expect(seen).toEqual([w.codes.c, w.codes.b, w.codes.a]);
    const asc = (await w.list('frit', { order: 'ASC' }))
      .json()
      .data.devices.map((d: { device_code: string }) => d.device_code);
    expect(asc).toEqual([w.codes.a, w.codes.b, w.codes.c]);
    expect((await w.list('frit', { all: true, limit: 1 })).json().data.devices).toHaveLength(3);
  });

  it('keeps its order when players send heartbeats (the cursor key is not moved by the player)', async () => {
    const w = await world();
    const before = (await w.list('frit')).json().data.devices.map((d: { device_code: string }) => d.device_code);
    const beat = await w.t.app.inject({
      method: 'POST',
      url: '/agent/v1/heartbeat',
      headers: { authorization: `Bearer ${w.tokens.a}` },
      payload: { status: 'ok' },
    });
    expect(beat.statusCode).toBe(200);
    await w.t.app.heartbeatsSettled();
    const after = (await w.list('frit')).json().data.devices.map((d: { device_code: string }) => d.device_code);
    expect(after).toEqual(before);
  });

  it('answers bad filters with 400, never 500', async () => {
    const w = await world();
    for (const params of [
      { store_type: 'castle' },
      { endCursor: 'garbage' },
      { limit: 1000 },
      { tags: 'not-a-uuid' },
      { is_alive: 'maybe' },
      { shop_no: 'abcd' },
    ]) {
      expect((await w.list('frit', params)).statusCode, JSON.stringify(params)).toBe(400);
    }
  });

  it('shows the effective alive state and the tags of each player', async () => {
    const w = await world();
    const devices = (await w.list('frit', { region: 'US' })).json().data.devices;
    expect(devices[0]).toMatchObject({
      is_alive: true,
      has_schedule: false,
      store_type: '3Flagship',
      device_type: '9Unset',
    });
    expect(devices[0].tags.map((tag: { id: string }) => tag.id).sort()).toEqual([T1, T2]);
  });

  it("shows a tag's new name at once after any writer renamed it, and a deleted tag no more", async () => {
    const w = await world();
    const tagsOfC = async () => {
      const [listed] = (await w.list('frit', { region: 'US' })).json().data.devices;
      const [detailed] = (await w.detail('frit', w.codes.c)).json().data.devices;
      expect(detailed.tags).toEqual(listed.tags);
      return listed.tags;
    };
    expect(await tagsOfC()).toEqual([
      { id: T1, en: 'Campaign', ja: 'Campaign (ja)', zh: 'Campaign (zh)', ko: 'Campaign (ko)' },
      { id: T2, en: 'Window', ja: 'Window (ja)', zh: 'Window (zh)', ko: 'Window (ko)' },
    ]);
    // Written straight to the database, as another server process would: this one has shown the old names.
    await w.t.db.update(settings).set({ en: 'Sale', ko: '세일' }).where(eq(settings.id, T1));
    expect(await tagsOfC()).toEqual([
      { id: T1, en: 'Sale', ja: 'Campaign (ja)', zh: 'Campaign (zh)', ko: '세일' },
      { id: T2, en: 'Window', ja: 'Window (ja)', zh: 'Window (zh)', ko: 'Window (ko)' },
    ]);
    await w.t.db.delete(settings).where(eq(settings.id, T2));
    expect(await tagsOfC()).toEqual([{ id: T1, en: 'Sale', ja: 'Campaign (ja)', zh: 'Campaign (zh)', ko: '세일' }]);
  });
});

describe('player detail, edit and delete', () => {
  it('shows a player only to users who may see it (404 otherwise)', async () => {
    const w = await world();
    expect((await w.detail('st', w.codes.a)).json().data.devices[0].shop_name).toBe('Ginza Flagship');
    expect((await w.detail('st', w.codes.b)).statusCode).toBe(404);
    expect((await w.detail('kt', w.codes.d)).statusCode).toBe(200);
    expect((await w.detail('mk', w.codes.d)).statusCode).toBe(404);
    expect((await w.detail('biz', w.codes.c)).statusCode).toBe(404);
    expect((await w.detail('frit', 'NOPE')).statusCode).toBe(404);
    expect((await w.detail('frit', 'bad code!')).statusCode).toBe(400);
  });

  it('edits memo, store type, installation site and tags; DS_ST may not', async () => {
    const w = await world();
    const changed = await w.edit('mk', w.codes.a, {
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
    expect((await w.edit('st', w.codes.a, { memo: 'x' })).statusCode).toBe(403);
    expect((await w.edit('biz', w.codes.c, { memo: 'x' })).statusCode).toBe(404);
    expect((await w.edit('mk', w.codes.a, { store_type: 'castle' })).statusCode).toBe(400);
    expect((await w.edit('mk', w.codes.a, { memo: 'x'.repeat(501) })).json().message).toBe(MESSAGES.playerPutFailed);
    expect(await w.names('frit', { exclude_tag: T1 })).toEqual(['a', 'b']);
  });

  it('lets only DS_LHQIT (own region) and DS_FRIT delete', async () => {
    const w = await world();
    expect((await w.remove('mk', w.codes.b)).statusCode).toBe(403);
    expect((await w.remove('kt', w.codes.b)).statusCode).toBe(403);
    expect((await w.remove('it', w.codes.c)).statusCode).toBe(404);
    expect((await w.remove('it', w.codes.b)).statusCode).toBe(200);
    expect((await w.remove('it', w.codes.b)).statusCode).toBe(404);
    expect(await w.names('frit')).toEqual(['a', 'c']);
    expect(await w.names('kt')).toEqual(['a', 'd']);
  });

  it('hides a deleted player everywhere: lists, detail, edit and its logs', async () => {
    const w = await world();
    expect((await w.remove('frit', w.codes.a)).statusCode).toBe(200);
    expect(await w.names('frit')).toEqual(['b', 'c']);
    expect(await w.names('st')).toEqual([]);
    expect((await w.list('frit')).json().data.summary.total).toBe(2);
    expect((await w.detail('frit', w.codes.a)).statusCode).toBe(404);
    expect((await w.edit('frit', w.codes.a, { memo: 'x' })).statusCode).toBe(404);
    const logs = await w.t.app.inject({
      method: 'GET',
      url: `/api/devices/logs?device_code=${w.codes.a}`,
      headers: { cookie: await w.cookie('frit') },
    });
    expect(logs.statusCode).toBe(404);
    const waiting = await w.t.app.inject({
      method: 'GET',
      url: '/api/registrations',
      headers: { cookie: await w.cookie('kt') },
    });
    const serials = waiting.json().data.registrations.map((r: { device_name: string }) => r.device_name);
    expect(serials).not.toContain(w.serials.a);
  });
});
