import { MESSAGES } from '@signage/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deviceTags } from '../../src/db/schema';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import {
  activePlayer,
  announce,
  deviceRow,
  insertDeviceTag,
  issuePin,
  nextSerial,
  registerCall,
  setDevice,
} from './fixtures';

let t: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  cookies.kt = await loginAs(t.app, await createUser(t.db, { role: 'DS_KT', region: 'JP' }));
  cookies.it = await loginAs(t.app, await createUser(t.db, { role: 'DS_LHQIT', region: 'JP' }));
  cookies.frit = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
  cookies.mk = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
  cookies.st = await loginAs(t.app, await createUser(t.db, { role: 'DS_ST', region: 'JP', shopNo: '0012' }));
  cookies.biz = await loginAs(t.app, await createUser(t.db, { role: 'DS_LHQBIZ', region: 'JP' }));
});
afterAll(async () => {
  await t?.close();
});

const opened: TestApp[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

/** An app of its own with a signed-in DS_KT, for tests that count the whole waiting list. */
async function ownApp() {
  const own = await createTestApp();
  opened.push(own);
  const kt = await loginAs(own.app, await createUser(own.db, { role: 'DS_KT', region: 'JP' }));
  const list = (search = '') =>
    own.app.inject({ method: 'GET', url: `/api/registrations${search}`, headers: { cookie: kt } });
  return { own, list };
}

const waiting = (user: string, search = '') =>
  t.app.inject({ method: 'GET', url: `/api/registrations${search}`, headers: { cookie: cookies[user]! } });

describe('waiting list (GET /api/registrations)', () => {
  it('starts empty', async () => {
    const { list } = await ownApp();
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ registrations: [], summary: { total: 0, page: 1, max_page: 1 } });
  });

  it('pages by ten with page, max_page and total, newest first unless ASC', async () => {
    const { own, list } = await ownApp();
    const serials: string[] = [];
    for (let i = 0; i < 12; i++) {
      const serial = nextSerial('WAIT');
      serials.push(serial);
      await announce(own.app, serial);
    }
    type Waiting = { device_name: string; created_at: string };
    const first = (await list('?page=1')).json().data;
    expect(first.summary).toEqual({ total: 12, page: 1, max_page: 2 });
    expect(first.registrations).toHaveLength(10);
    const newestFirst: Waiting[] = [...first.registrations, ...(await list('?page=2')).json().data.registrations];
    // Every waiting player once, newest first. Players announced in the same millisecond follow their device code,
    // so the order of the serials is not asked for (two of the twelve announces often share a millisecond).
    expect(newestFirst.map((r) => r.device_name).sort()).toEqual([...serials].sort());
    const times = newestFirst.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]).toBeGreaterThan(times[11] ?? Number.POSITIVE_INFINITY);
    // ASC is the same order the other way round: its second page is the two newest, newest last.
    const second = (await list('?page=2&order=ASC')).json().data;
    expect(second.registrations).toEqual(newestFirst.slice(0, 2).reverse());
    expect((await list('?page=9')).json().data.summary.page).toBe(2);
    expect((await list('?page=0')).statusCode).toBe(400);
  });

  it('is_activated=true keeps players that announced in the last ten minutes', async () => {
    const serial = nextSerial('STALE');
    await announce(t.app, serial);
    const { device_code } = await issuePin(t.app, cookies.kt!, serial);
    await setDevice(t.db, device_code, { announcedAt: new Date(Date.now() - 11 * 60_000) });
    const all = (await waiting('it')).json().data.registrations.map((r: { device_name: string }) => r.device_name);
    const active = (await waiting('it', '?is_activated=true'))
      .json()
      .data.registrations.map((r: { device_name: string }) => r.device_name);
    expect(all).toContain(serial);
    expect(active).not.toContain(serial);
  });

  it('hides paired players and players registered to another region from region-bound users', async () => {
    const paired = await activePlayer(t.app, cookies.frit!);
    const usSerial = nextSerial('US');
    await announce(t.app, usSerial);
    await issuePin(t.app, cookies.frit!, usSerial, { region: 'US', shop_no: '0100' });
    const names = async (user: string) =>
      (await waiting(user, '?page=1')).json().data.registrations.map((r: { device_name: string }) => r.device_name);
    expect(await names('kt')).not.toContain(paired.serial);
    expect(await names('kt')).not.toContain(usSerial);
    expect(await names('frit')).toContain(usSerial);
  });

  it('is for DS_KT, DS_LHQIT and DS_FRIT only', async () => {
    for (const user of ['mk', 'st', 'biz']) expect((await waiting(user)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/registrations' })).statusCode).toBe(401);
  });
});

describe('registration (POST /api/registrations) and PIN re-issue (POST /api/players)', () => {
  it.each([
    [{ shop_no: '12' }, MESSAGES.enterStoreCode],
    [{ shop_no: 'abcd' }, MESSAGES.enterStoreCode],
    [{ shop_no: '00012' }, MESSAGES.enterStoreCode],
    [{ shop_no: undefined }, MESSAGES.enterStoreCode],
    [{ region: '' }, MESSAGES.selectDeploymentCountry],
    [{ region: 'XX' }, MESSAGES.selectDeploymentCountry],
    [{ shop_name: '  ' }, MESSAGES.enterStoreName],
    [{ display_pattern: 'Huge' }, MESSAGES.invalidRequest],
    [{ device_type: 'roof' }, MESSAGES.invalidRequest],
    [{ tags: ['not-a-uuid'] }, MESSAGES.selectTags],
    [{ tags: ['44444444-4444-4444-8444-444444444444'] }, MESSAGES.selectTags],
  ])('refuses %j with 400 "%s" and changes nothing', async (store, message) => {
    const serial = nextSerial();
    await announce(t.app, serial);
    const response = await registerCall(t.app, cookies.frit!, serial, store as object);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const list = (await waiting('frit', '?order=DESC')).json().data.registrations[0];
    expect(list.device_name).toBe(serial);
  });

  it('stores the store, installation site (default 9Unset) and tags, audited', async () => {
    const serial = nextSerial();
    await announce(t.app, serial);
    const tag = '33333333-3333-4333-8333-333333333333';
    await insertDeviceTag(t.db, tag, 'Entrance screen');
    const issued = await issuePin(t.app, cookies.kt!, serial, { shop_no: '0012', memo: 'by the door', tags: [tag] });
    const row = await deviceRow(t.db, issued.device_code);
    expect(row).toMatchObject({
      region: 'JP',
      shopNo: '0012',
      shopName: 'Ginza',
      deviceType: '9Unset',
      memo: 'by the door',
    });
    expect(row?.registeredAt).not.toBeNull();
    const tags = await t.db.select().from(deviceTags).where(eq(deviceTags.deviceCode, issued.device_code));
    expect(tags.map((r) => r.settingId)).toEqual([tag]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.target, issued.device_code));
    expect(audit.map((a) => a.action)).toContain('player.register');
    expect(new Date(issued.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('binds region-bound users to their region; unknown and paired serials are refused', async () => {
    const serial = nextSerial();
    await announce(t.app, serial);
    expect((await registerCall(t.app, cookies.kt!, serial, { region: 'US' })).statusCode).toBe(403);
    expect((await registerCall(t.app, cookies.kt!, 'never-announced')).statusCode).toBe(404);
    const paired = await activePlayer(t.app, cookies.kt!);
    expect((await registerCall(t.app, cookies.kt!, paired.serial)).statusCode).toBe(409);
    expect((await registerCall(t.app, cookies.mk!, serial)).statusCode).toBe(403);
  });

  it('re-issues a PIN only for a registered, unpaired player', async () => {
    const body = { region: 'JP', shop_no: '0012', shop_name: 'Ginza', display_pattern: 'LED' };
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/players', headers: { cookie: cookies.kt! }, payload });
    const serial = nextSerial();
    await announce(t.app, serial);
    const waitingRow = (
      await t.app.inject({ method: 'GET', url: '/api/registrations', headers: { cookie: cookies.kt! } })
    ).json();
    expect(waitingRow.data.registrations[0].device_name).toBe(serial);
    const paired = await activePlayer(t.app, cookies.kt!);
    expect((await post({ ...body, device_code: paired.device_code })).statusCode).toBe(409);
    expect((await post({ ...body, device_code: 'DVNOPE' })).statusCode).toBe(404);
    expect((await post({ ...body, shop_no: '1', device_code: paired.device_code })).statusCode).toBe(400);
  });
});
