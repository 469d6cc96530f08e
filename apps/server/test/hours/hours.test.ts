import { isStoreOpen, type OpeningHours, type TimeZone } from '@signage/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, storeHoursWindows } from '../../src/db/schema';
import { extendOpeningWindows, storeOpenSql } from '../../src/modules/hours';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { activePlayer, setDevice } from '../players/fixtures';

/**
 * Opening hours (issue 29 item 1): read by whoever sees the player, set by the roles that may edit it within their
 * reach, one player or a selection; storeOpenSql answers from instants what the domain's rule answers.
 */
let t: TestApp;
let frit: string;
let itJp: string;
let itGb: string;
let mkJp: string;
let st: string;

beforeAll(async () => {
  t = await createTestApp();
  frit = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
  itJp = await loginAs(t.app, await createUser(t.db, { role: 'DS_LHQIT', region: 'JP' }));
  itGb = await loginAs(t.app, await createUser(t.db, { role: 'DS_LHQIT', region: 'GB' }));
  mkJp = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK', region: 'JP' }));
  st = await loginAs(t.app, await createUser(t.db, { role: 'DS_ST', region: 'JP', shopNo: '0001' }));
});
afterAll(async () => {
  await t?.close();
});

const everyDay = (open: string, close: string): OpeningHours => ({
  week: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: [{ open, close }] })),
  exceptions: [],
});
const put = (cookie: string, code: string, hours: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/devices/${code}/hours`, headers: { cookie }, payload: { hours } });
const get = (cookie: string, code: string) => t.app.inject({ url: `/api/devices/${code}/hours`, headers: { cookie } });
const openInSql = async (code: string, at: Date) => {
  const result = await t.db.execute(
    sql`select ${storeOpenSql(sql`${code}::text`, sql`${at.toISOString()}::timestamptz`)} as open`,
  );
  return (result as unknown as { rows: { open: boolean }[] }).rows[0]?.open;
};

describe('one player', () => {
  it('has none until set (open at all times), then shows them, open now by the domain rule; audited', async () => {
    const player = await activePlayer(t.app, frit, { region: 'JP', shop_no: '0101' });
    const before = await get(mkJp, player.device_code);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toMatchObject({ hours: null, open_now: true, time_zone: 'Asia/Tokyo' });
    expect(await openInSql(player.device_code, new Date())).toBe(true);

    const hours: OpeningHours = {
      week: [{ day: 1, ranges: [{ open: '10:00', close: '21:00' }] }],
      exceptions: [{ date: '2027-01-04', ranges: [] }],
    };
    const saved = await put(mkJp, player.device_code, hours);
    expect(saved.statusCode, saved.body).toBe(200);
    const now = new Date();
    expect(saved.json().data).toMatchObject({
      hours,
      open_now: isStoreOpen(hours, 'Asia/Tokyo' as TimeZone, now),
      updated_by: expect.any(String),
    });
    expect((await get(st, '0')).statusCode).toBe(404);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, player.device_code), eq(auditLog.action, 'player.hours')));
    expect(entry).toMatchObject({ action: 'player.hours', region: 'JP' });

    const cleared = await put(itJp, player.device_code, null);
    expect(cleared.json().data).toMatchObject({ hours: null, open_now: true });
  });

  it('refuses bad hours with the message at the field, and players out of reach as not found', async () => {
    const player = await activePlayer(t.app, frit, { region: 'JP', shop_no: '0102' });
    const bad = await put(itJp, player.device_code, {
      week: [{ day: 1, ranges: [{ open: '10:00', close: '09:00' }] }],
      exceptions: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ result: 'Failure', message: expect.stringContaining('closing time') });
    expect((await put(itGb, player.device_code, everyDay('09:00', '17:00'))).statusCode).toBe(404);
    expect((await get(itGb, player.device_code)).statusCode).toBe(404);
    expect((await put(st, player.device_code, everyDay('09:00', '17:00'))).statusCode).toBe(403);
  });
});

describe('a store in London across the 2027-03-28 gap', () => {
  it('storeOpenSql answers what isStoreOpen answers, from windows written as instants', async () => {
    const player = await activePlayer(t.app, frit, { region: 'GB', shop_no: '0201', time_zone: 'Europe/London' });
    const hours: OpeningHours = {
      week: [
        { day: 6, ranges: [{ open: '09:00', close: '17:00' }] },
        {
          day: 7,
          ranges: [
            { open: '01:30', close: '03:00' },
            { open: '09:00', close: '17:00' },
          ],
        },
      ],
      exceptions: [],
    };
    expect((await put(itGb, player.device_code, hours)).statusCode).toBe(200);
    // Windows are written ahead from the day they are set; write them for the week of the gap.
    const gapWeek = new Date('2027-03-26T12:00:00Z');
    await t.db.transaction(async (tx) => {
      await tx.delete(storeHoursWindows).where(eq(storeHoursWindows.deviceCode, player.device_code));
    });
    await t.db.execute(sql`update store_hours set windows_until = now() where device_code = ${player.device_code}`);
    expect(await extendOpeningWindows(t.db, gapWeek)).toBeGreaterThanOrEqual(1);
    const probes = [
      '2027-03-27T08:59:00Z',
      '2027-03-27T09:00:00Z',
      '2027-03-27T16:59:00Z',
      '2027-03-27T17:00:00Z',
      '2027-03-28T01:15:00Z',
      '2027-03-28T01:30:00Z',
      '2027-03-28T02:00:00Z',
      '2027-03-28T07:59:00Z',
      '2027-03-28T08:00:00Z',
      '2027-03-28T15:59:00Z',
      '2027-03-28T16:00:00Z',
    ];
    const inSql = await Promise.all(probes.map((p) => openInSql(player.device_code, new Date(p))));
    const inRule = probes.map((p) => isStoreOpen(hours, 'Europe/London' as TimeZone, new Date(p)));
    expect(inSql).toEqual(inRule);
    expect(inRule).toEqual([false, true, true, false, false, true, false, false, true, true, false]);
  });

  it('a zone change writes the windows again in the new zone', async () => {
    const player = await activePlayer(t.app, frit, { region: 'US', shop_no: '0301', time_zone: 'America/New_York' });
    expect((await put(frit, player.device_code, everyDay('09:00', '17:00'))).statusCode).toBe(200);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${player.device_code}`,
      headers: { cookie: frit },
      payload: { time_zone: 'America/Los_Angeles' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const probe = new Date(Date.now() + 86_400_000);
    probe.setUTCHours(16, 30, 0, 0); // 12:30 in New York (EDT) or 11:30 (EST); 09:30 or 08:30 in Los Angeles
    const want = isStoreOpen(everyDay('09:00', '17:00'), 'America/Los_Angeles' as TimeZone, probe);
    expect(await openInSql(player.device_code, probe)).toBe(want);
    // Behind the module's back (plain SQL), the hourly extension notices the zone it read is no longer the player's.
    await setDevice(t.db, player.device_code, { timeZone: 'America/Chicago' });
    await extendOpeningWindows(t.db);
    expect(await openInSql(player.device_code, probe)).toBe(
      isStoreOpen(everyDay('09:00', '17:00'), 'America/Chicago' as TimeZone, probe),
    );
  });
});

describe('a selection of players', () => {
  it('sets the same hours on the selected rows in reach, or on a search (country, store type)', async () => {
    const a = await activePlayer(t.app, frit, { region: 'JP', shop_no: '0401', store_type: '3Flagship' });
    const b = await activePlayer(t.app, frit, { region: 'JP', shop_no: '0402', store_type: '3Flagship' });
    const gb = await activePlayer(t.app, frit, { region: 'GB', shop_no: '0403', store_type: '3Flagship' });
    const bulk = (cookie: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/devices/hours', headers: { cookie }, payload });
    const byRows = await bulk(itJp, {
      device_codes: [a.device_code, gb.device_code],
      hours: everyDay('10:00', '20:00'),
    });
    expect(byRows.statusCode, byRows.body).toBe(200);
    expect(byRows.json().data).toEqual({ updated: 1, device_codes: [a.device_code] });
    expect((await get(frit, gb.device_code)).json().data.hours).toBeNull();

    const bySearch = await bulk(frit, {
      filter: { region: 'JP', store_type: ['3Flagship'], shop_name: 'Ginza' },
      hours: everyDay('08:00', '22:00'),
    });
    expect(bySearch.statusCode, bySearch.body).toBe(200);
    expect(bySearch.json().data.device_codes).toEqual(expect.arrayContaining([a.device_code, b.device_code]));
    expect(bySearch.json().data.device_codes).not.toContain(gb.device_code);
    expect((await get(frit, b.device_code)).json().data.hours).toEqual(everyDay('08:00', '22:00'));
    expect((await bulk(st, { filter: {}, hours: null })).statusCode).toBe(403);
    expect((await bulk(frit, { hours: null })).statusCode).toBe(400);
  });
});
