import fs from 'node:fs';
import path from 'node:path';
import { defaultZoneOf, MESSAGES, type Role } from '@signage/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../../src/blob';
import { auditLog } from '../../src/db/schema';
import { putFloorMap } from '../../src/modules/floormap/service';
import { createTestApp, createUser, loginAs, type TestApp, tempDir } from '../helpers';
import { activePlayer, announce, issuePin, nextSerial, pairCall, registerCall } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signIn = async (role: Role, region?: string) => loginAs(t.app, await createUser(t.db, { role, region }));
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const put = (cookie: string, code: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/devices/${code}`, headers: { cookie }, payload });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const upload = (cookie: string, region: string, shopNo: string, body: Buffer, type = 'application/pdf') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/floormap/${region}/${shopNo}/floormap.pdf`,
    headers: { cookie, 'content-type': type },
    payload: body,
  });

describe('pairing status (GET /api/players/{device_code})', () => {
  it('says unpaired until the PIN is typed on the player, then paired', async () => {
    const kt = await signIn('DS_KT', 'JP');
    const serial = nextSerial('PAIR');
    await announce(t.app, serial);
    const issued = await issuePin(t.app, kt, serial);
    const before = await get(kt, `/api/players/${issued.device_code}`);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({
      device_code: issued.device_code,
      device_name: serial,
      is_activated: false,
      activated_at: null,
      wrong_pin_attempts: 0,
      pin_void: false,
    });
    expect((await pairCall(t.app, serial, issued.pin, '10.9.0.1')).statusCode).toBe(200);
    const after = (await get(kt, `/api/players/${issued.device_code}`)).json().data;
    expect(after.is_activated).toBe(true);
    expect(after.activated_at).not.toBeNull();
  });

  it('hides other regions from region-bound users and is refused to roles that do not register', async () => {
    const frit = await signIn('DS_FRIT');
    const serial = nextSerial('PAIRUS');
    await announce(t.app, serial);
    const issued = await issuePin(t.app, frit, serial, { region: 'US', shop_no: '0100' });
    expect((await get(frit, `/api/players/${issued.device_code}`)).statusCode).toBe(200);
    expect((await get(await signIn('DS_LHQIT', 'JP'), `/api/players/${issued.device_code}`)).statusCode).toBe(404);
    expect((await get(await signIn('DS_MK'), `/api/players/${issued.device_code}`)).statusCode).toBe(403);
    expect((await get(frit, '/api/players/NOPE')).statusCode).toBe(404);
  });
});

describe('duplicate registration', () => {
  it('answers 409 with the reason when the serial is already registered and paired', async () => {
    const kt = await signIn('DS_KT', 'JP');
    const paired = await activePlayer(t.app, kt);
    const response = await registerCall(t.app, kt, paired.serial);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.playerAlreadyPaired);
  });
});

describe('store correction (PUT /api/devices/{device_code})', () => {
  it('lets DS_FRIT change store code, name, country and display pattern, audited', async () => {
    const frit = await signIn('DS_FRIT');
    const player = await activePlayer(t.app, frit);
    const response = await put(frit, player.device_code, {
      shop_no: '0456',
      shop_name: 'Shibuya',
      region: 'KR',
      display_pattern: 'LED',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.devices[0]).toMatchObject({
      shop_no: '0456',
      shop_name: 'Shibuya',
      region: 'KR',
      display_pattern: 'LED',
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.target, player.device_code));
    expect(audit.find((a) => a.action === 'player.edit')?.detail).toMatchObject({
      shop_no: '0456',
      previous: { region: 'JP', shop_no: '0012', shop_name: 'Ginza' },
    });
  });

  it("moves the time zone with a corrected country: the new country's default, or a zone of it", async () => {
    const frit = await signIn('DS_FRIT');
    const moved = await activePlayer(t.app, frit);
    const toKorea = await put(frit, moved.device_code, { region: 'KR' });
    expect(toKorea.statusCode, toKorea.body).toBe(200);
    expect(toKorea.json().data.devices[0]).toMatchObject({ region: 'KR', time_zone: defaultZoneOf('KR') });

    const chosen = await activePlayer(t.app, frit);
    const oldZone = await put(frit, chosen.device_code, { region: 'US', time_zone: 'Asia/Tokyo' });
    expect(oldZone.statusCode).toBe(400);
    expect(oldZone.json().message).toBe(MESSAGES.invalidTimeZone);
    const toUs = await put(frit, chosen.device_code, { region: 'US', time_zone: 'America/Los_Angeles' });
    expect(toUs.statusCode, toUs.body).toBe(200);
    expect(toUs.json().data.devices[0]).toMatchObject({ region: 'US', time_zone: 'America/Los_Angeles' });
  });

  it('keeps a region-bound DS_LHQIT in its region and refuses store changes to other roles', async () => {
    const it = await signIn('DS_LHQIT', 'JP');
    const player = await activePlayer(t.app, it);
    expect((await put(it, player.device_code, { shop_name: 'Ikebukuro', region: 'JP' })).statusCode).toBe(200);
    expect((await put(it, player.device_code, { region: 'US' })).statusCode).toBe(403);
    for (const role of ['DS_MK', 'DS_LHQBIZ'] as const) {
      const cookie = await signIn(role, 'JP');
      expect((await put(cookie, player.device_code, { shop_no: '0999' })).statusCode).toBe(403);
      expect((await put(cookie, player.device_code, { memo: 'still allowed' })).statusCode).toBe(200);
    }
    const detail = (await get(it, `/api/devices/${player.device_code}`)).json().data.devices[0];
    expect(detail).toMatchObject({ region: 'JP', shop_no: '0012', shop_name: 'Ikebukuro', memo: 'still allowed' });
  });

  it.each([
    [{ shop_no: '12' }, MESSAGES.enterStoreCode],
    [{ shop_no: '12ab' }, MESSAGES.enterStoreCode],
    [{ shop_name: '  ' }, MESSAGES.enterStoreName],
    [{ region: 'XX' }, MESSAGES.selectDeploymentCountry],
    [{ region: '' }, MESSAGES.selectDeploymentCountry],
    [{ display_pattern: 'Huge' }, MESSAGES.invalidRequest],
  ])('refuses %j with 400 "%s"', async (change, message) => {
    const frit = await signIn('DS_FRIT');
    const player = await activePlayer(t.app, frit);
    const response = await put(frit, player.device_code, change);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('floor maps (PUT /api/floormap/{region}/{shopNo}/floormap.pdf)', () => {
  it('stores a PDF for DS_FRIT, then the player data says the shop has a map and the map is served', async () => {
    const frit = await signIn('DS_FRIT');
    const player = await activePlayer(t.app, frit, { region: 'TW', shop_no: '0777' });
    const detail = async () => (await get(frit, `/api/devices/${player.device_code}`)).json().data.devices[0];
    expect((await detail()).has_floor_map).toBe(false);
    const stored = await upload(frit, 'TW', '0777', PDF);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().data).toEqual({ region: 'TW', shop_no: '0777', size: PDF.length });
    expect((await detail()).has_floor_map).toBe(true);
    const list = (await get(frit, '/api/devices?region=TW&shop_no=0777')).json().data.devices;
    expect(list.map((d: { has_floor_map: boolean }) => d.has_floor_map)).toEqual([true]);
    const served = await get(frit, '/api/floormap/TW/0777/floormap.pdf');
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it('shows a map stored through the admin CLI at once, after a list that found none', async () => {
    const frit = await signIn('DS_FRIT');
    const player = await activePlayer(t.app, frit, { region: 'TW', shop_no: '0778' });
    const list = async () =>
      (await get(frit, '/api/devices?region=TW&shop_no=0778'))
        .json()
        .data.devices.map((d: { device_code: string; has_floor_map: boolean }) => [d.device_code, d.has_floor_map]);
    expect(await list()).toEqual([[player.device_code, false]]);
    const file = path.join(tempDir(), 'map.pdf');
    fs.writeFileSync(file, PDF);
    // The CLI's own store (as `npm run cli -- floormap put` opens it when the server is not running).
    await putFloorMap(createBlobStore(t.config.storageUrl, t.config.dataDir), { region: 'TW', shopNo: '778', file });
    expect(await list()).toEqual([[player.device_code, true]]);
  });

  it('refuses files that are not PDF, maps over 20 MB, other regions for DS_LHQIT and other roles', async () => {
    const frit = await signIn('DS_FRIT');
    const notPdf = await upload(frit, 'JP', '0001', Buffer.from('GIF89a....'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe(MESSAGES.floorMapNotPdf);
    const wrongType = await upload(frit, 'JP', '0001', PDF, 'image/png');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toBe(MESSAGES.floorMapNotPdf);
    const huge = await upload(frit, 'JP', '0001', Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(MESSAGES.floorMapTooLarge);
    const it = await signIn('DS_LHQIT', 'JP');
    expect((await upload(it, 'JP', '0001', PDF)).statusCode).toBe(200);
    expect((await upload(it, 'US', '0001', PDF)).statusCode).toBe(403);
    expect((await upload(await signIn('DS_MK'), 'JP', '0001', PDF)).statusCode).toBe(403);
    expect((await upload(frit, 'XX', '0001', PDF)).json().message).toBe(MESSAGES.selectDeploymentCountry);
  });
});
