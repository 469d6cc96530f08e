import { AGENT_MESSAGES, type TManifest } from '@signage/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveManifest } from '../../src/agent/manifest';
import { contents, devices, scheduleDevices, schedules } from '../../src/db/schema';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { agentClient } from '../players/fixtures';
import { call, createBody, dayFrom, expectOk, TOKYO } from '../schedules/fixtures';
import { bearer, pairedPlayer, storedImage, testMedia } from './fixtures';

let t: TestApp;
let mk: string;
const media = testMedia();

beforeAll(async () => {
  t = await createTestApp({ media });
  mk = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
});
afterAll(async () => {
  await t?.close();
});

const getManifest = (token: string, etag?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/agent/v1/manifest',
    headers: { ...bearer(token), ...(etag ? { 'if-none-match': etag } : {}) },
  });

async function createSchedule(dest: string[], contentIds: string[], extra: object = {}) {
  const response = await call(t.app, mk, 'POST', '/api/schedules', createBody(dest, contentIds, extra));
  expectOk(response);
  return response.json().data.schedule_id as string;
}

/** A player with one image, scheduled from today for a week, and its first manifest answer. */
async function scheduledPlayer(extra: object = {}) {
  const player = await pairedPlayer(t.db, { shopName: 'Shibuya' });
  const image = await storedImage(t.db, media.blobs);
  const scheduleId = await createSchedule([player.deviceCode], [image.id], {
    available_date_from: dayFrom(0),
    download_allow_hour: '',
    ...extra,
  });
  const first = await getManifest(player.token);
  expect(first.statusCode, first.body).toBe(200);
  return { player, image, scheduleId, first, etag: first.headers.etag as string };
}

describe('GET /agent/v1/manifest', () => {
  it("carries the player's schedules with wall-clock rules, zone, ordered media and the server time", async () => {
    const player = await pairedPlayer(t.db, { shopName: 'Ginza' });
    const a = await storedImage(t.db, media.blobs, { name: 'First' });
    const b = await storedImage(t.db, media.blobs, { name: 'Second' });
    const scheduleId = await createSchedule([player.deviceCode], [b.id, a.id], {
      available_date_from: dayFrom(0),
      download_allow_hour: '',
      available_time_from: '09:00:00',
      available_time_to: '18:30:59',
    });
    const before = Date.now();
    const response = await getManifest(player.token);
    expect(response.statusCode, response.body).toBe(200);
    const manifest = response.json().data as TManifest;
    expect(manifest).toMatchObject({
      device_code: player.deviceCode,
      time_zone: TOKYO,
      horizon_hours: 48,
      fallback: { kind: 'idle', clock: true, store_name: 'Ginza' },
    });
    expect(manifest.schedules).toHaveLength(1);
    expect(manifest.schedules[0]).toMatchObject({
      schedule_id: scheduleId,
      available_date_from: dayFrom(0),
      available_date_to: dayFrom(7),
      available_time_from: '09:00:00',
      available_time_to: '18:30:59',
      download_allow_hour: '',
      delivery_timing: 'NOW',
      live: false,
    });
    expect(manifest.schedules[0]?.media).toEqual([
      expect.objectContaining({
        content_id: b.id,
        name: 'Second',
        type: 'image',
        size: 1000,
        sha256: b.sha256,
        url: `/agent/v1/media/${b.id}`,
      }),
      expect.objectContaining({ content_id: a.id, name: 'First', sha256: a.sha256 }),
    ]);
    expect(response.headers.etag).toBe(`"${manifest.version}"`);
    const serverTime = Number(response.headers['x-server-time']);
    expect(serverTime).toBeGreaterThanOrEqual(before);
    expect(new Date(manifest.server_time).getTime()).toBe(serverTime);
  });

  it('names the idle fallback when nothing is scheduled', async () => {
    const player = await pairedPlayer(t.db, { shopName: 'Umeda' });
    const manifest = (await getManifest(player.token)).json().data as TManifest;
    expect(manifest.schedules).toEqual([]);
    expect(manifest.fallback).toEqual({ kind: 'idle', clock: true, store_name: 'Umeda' });
  });

  it('answers 304 without a body to the same ETag, with the server time, and 200 again after a change', async () => {
    const { player, etag, scheduleId } = await scheduledPlayer();
    const again = await getManifest(player.token, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(Number(again.headers['x-server-time'])).toBeGreaterThan(0);
    expect(again.headers.etag).toBe(etag);
    const renamed = await call(t.app, mk, 'PUT', `/api/schedules/${scheduleId}`, {
      zone_code: TOKYO,
      schedule_name: 'Renamed',
    });
    expectOk(renamed);
    const changed = await getManifest(player.token, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json().data as TManifest).schedules[0]?.schedule_name).toBe('Renamed');
  });

  it('changes its ETag on create, content rename, delete and an edit into the past', async () => {
    const { player, image, etag, scheduleId } = await scheduledPlayer();
    const seen = new Set([etag]);
    const expectNew = async () => {
      const response = await getManifest(player.token, [...seen].join(', '));
      expect(response.statusCode, response.body).toBe(200);
      const next = response.headers.etag as string;
      expect(seen.has(next)).toBe(false);
      seen.add(next);
      return response.json().data as TManifest;
    };
    const second = await storedImage(t.db, media.blobs);
    const otherId = await createSchedule([player.deviceCode], [second.id], { available_date_from: dayFrom(1) });
    expect((await expectNew()).schedules.map((s) => s.schedule_id)).toEqual([otherId, scheduleId]);

    const [row] = await t.db.select({ key: contents.key }).from(contents).where(eq(contents.id, image.id));
    expectOk(await call(t.app, mk, 'PUT', `/api/contents/${row!.key}`, { name: 'New name' }));
    expect((await expectNew()).schedules[1]?.media[0]?.name).toBe('New name');

    expectOk(await call(t.app, mk, 'DELETE', `/api/schedules/${otherId}`));
    expect((await expectNew()).schedules.map((s) => s.schedule_id)).toEqual([scheduleId]);

    // An edit that moves the schedule into the past (written as the schedules module stores it).
    const lastWeek = dayFrom(-7);
    await t.db
      .update(schedules)
      .set({ dateFrom: dayFrom(-9), dateTo: lastWeek })
      .where(eq(schedules.id, scheduleId));
    await t.db
      .update(scheduleDevices)
      .set({ endsAt: new Date(`${dayFrom(-6)}T00:00:00Z`) })
      .where(eq(scheduleDevices.scheduleId, scheduleId));
    expect((await expectNew()).schedules).toEqual([]);
  });

  it('changes when the player is moved to another zone or store', async () => {
    const { player, etag } = await scheduledPlayer();
    await t.db.update(devices).set({ shopName: 'Moved' }).where(eq(devices.deviceCode, player.deviceCode));
    const response = await getManifest(player.token, etag);
    expect(response.statusCode).toBe(200);
    expect((response.json().data as TManifest).fallback.store_name).toBe('Moved');
  });

  it('holds schedules current or starting within 48 hours, not later ones', async () => {
    const player = await pairedPlayer(t.db);
    const image = await storedImage(t.db, media.blobs);
    const tomorrow = await createSchedule([player.deviceCode], [image.id], { available_date_from: dayFrom(1) });
    await createSchedule([player.deviceCode], [image.id], { available_date_from: dayFrom(3) });
    const manifest = (await getManifest(player.token)).json().data as TManifest;
    expect(manifest.schedules.map((s) => s.schedule_id)).toEqual([tomorrow]);
  });

  it('leaves out contents whose license has ended in the player zone', async () => {
    const { player, image, etag } = await scheduledPlayer();
    const kept = await storedImage(t.db, media.blobs, { licenseTo: dayFrom(0) });
    const scheduleId = await createSchedule([player.deviceCode], [kept.id, image.id], {
      available_date_from: dayFrom(0),
      download_allow_hour: '',
    });
    await t.db
      .update(contents)
      .set({ licenseTo: dayFrom(-1) })
      .where(eq(contents.id, image.id));
    const response = await getManifest(player.token, etag);
    const manifest = response.json().data as TManifest;
    const schedule = manifest.schedules.find((s) => s.schedule_id === scheduleId);
    expect(schedule?.media.map((m) => m.content_id)).toEqual([kept.id]);
    expect(manifest.schedules.flatMap((s) => s.media.map((m) => m.content_id))).not.toContain(image.id);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/agent/v1/media/${image.id}`,
      headers: bearer(player.token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it("reads the 48-hour window in the player's zone across a DST change", async () => {
    // New York springs forward on 2027-03-14. 00:00 on 03-15 is 04:00Z (EDT): 47.5 hours after the moment
    // below; 01:00 is 48.5 hours after. Read at the winter offset both would be an hour later.
    const zone = 'America/New_York';
    const player = await pairedPlayer(t.db, { timeZone: zone });
    const image = await storedImage(t.db, media.blobs);
    const inside = await createSchedule([player.deviceCode], [image.id], {
      available_date_from: '2027-03-15',
      available_date_to: '2027-03-20',
      available_time_from: '00:00:00',
      available_time_to: '00:30:59',
      zone_code: zone,
    });
    await createSchedule([player.deviceCode], [image.id], {
      available_date_from: '2027-03-15',
      available_date_to: '2027-03-20',
      available_time_from: '01:00:00',
      available_time_to: '01:30:59',
      zone_code: zone,
    });
    const [device] = await t.db.select().from(devices).where(eq(devices.deviceCode, player.deviceCode));
    const manifest = await resolveManifest(t.db, device!, new Date('2027-03-13T04:30:00Z'));
    expect(manifest.time_zone).toBe(zone);
    expect(manifest.schedules.map((s) => s.schedule_id)).toEqual([inside]);
    expect(manifest.schedules[0]).toMatchObject({ available_time_from: '00:00:00', available_date_from: '2027-03-15' });
  });

  it('refuses a missing or revoked token with 401 (a deleted player)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/agent/v1/manifest' })).statusCode).toBe(401);
    const { player } = await scheduledPlayer();
    const frit = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
    expectOk(await call(t.app, frit, 'DELETE', `/api/devices/${player.deviceCode}`));
    const refused = await getManifest(player.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(AGENT_MESSAGES.tokenRequired);
  });

  it('is read by the agent client: unchanged on 304, the manifest otherwise', async () => {
    const { player, first } = await scheduledPlayer();
    const client = agentClient(t.app, { token: player.token });
    const fresh = await client.manifest();
    expect(fresh.changed).toBe(true);
    if (!fresh.changed) return;
    expect(fresh.manifest.version).toBe((first.json().data as TManifest).version);
    const unchanged = await client.manifest(fresh.manifest.version);
    expect(unchanged).toEqual({ changed: false, version: fresh.manifest.version, serverTime: expect.any(Number) });
  });
});

describe('GET /agent/v1/media/:content_id', () => {
  it('serves media of the manifest whole and by Range, 416 beyond its end', async () => {
    const { player, image } = await scheduledPlayer();
    const url = `/agent/v1/media/${image.id}`;
    const whole = await t.app.inject({ method: 'GET', url, headers: bearer(player.token) });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(image.bytes)).toBe(true);
    expect(whole.headers.etag).toBe(`"${image.sha256}"`);
    const part = await t.app.inject({ method: 'GET', url, headers: { ...bearer(player.token), range: 'bytes=100-' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-999/1000');
    expect(part.rawPayload.equals(image.bytes.subarray(100))).toBe(true);
    const beyond = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(player.token), range: 'bytes=5000-' },
    });
    expect(beyond.statusCode).toBe(416);
    const client = agentClient(t.app, { token: player.token });
    const resumed = await client.media(image.id, { from: 990 });
    expect(resumed.status).toBe(206);
    expect(Buffer.from(await resumed.arrayBuffer()).equals(image.bytes.subarray(990))).toBe(true);
  });

  it("refuses media not in the player's manifest with 403, and a call without token with 401", async () => {
    const { image } = await scheduledPlayer();
    const other = await pairedPlayer(t.db);
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/agent/v1/media/${image.id}`,
      headers: bearer(other.token),
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(AGENT_MESSAGES.mediaNotInManifest);
    expect((await t.app.inject({ method: 'GET', url: `/agent/v1/media/${image.id}` })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/agent/v1/media/not-a-uuid',
      headers: bearer(other.token),
    });
    expect(unknown.statusCode).toBe(403);
  });
});
