import type { TManifest } from '@signage/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveManifestUntil } from '../../src/agent/manifest';
import { contents, devices, schedules } from '../../src/db/schema';
import * as schedulesModule from '../../src/modules/schedules';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { call, createBody, dayFrom, expectOk, TOKYO } from '../schedules/fixtures';
import { bearer, heardOf, pairedPlayer, storedImage, testMedia } from './fixtures';

// Counts the manifest's resolutions (agent/manifest.ts reads the schedules through the module's index).
vi.mock('../../src/modules/schedules', async (original) => {
  const actual = await original<typeof import('../../src/modules/schedules')>();
  return { ...actual, manifestSchedulesOf: vi.fn(actual.manifestSchedulesOf) };
});
const resolutions = vi.mocked(schedulesModule.manifestSchedulesOf);

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
afterEach(() => {
  vi.useRealTimers();
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

/** A player with one image scheduled from today for a week, and its first manifest (200). */
async function scheduledPlayer(image?: { id: string }, extra: object = {}) {
  const player = await pairedPlayer(t.db);
  const content = image ?? (await storedImage(t.db, media.blobs));
  const scheduleId = await createSchedule([player.deviceCode], [content.id], {
    available_date_from: dayFrom(0),
    download_allow_hour: '',
    ...extra,
  });
  const first = await getManifest(player.token);
  expect(first.statusCode, first.body).toBe(200);
  return { player, image: content, scheduleId, etag: first.headers.etag as string };
}

/** The next poll with `etag` answers 200 with another version; its manifest. */
async function expectChanged(token: string, etag: string): Promise<TManifest> {
  const response = await getManifest(token, etag);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers.etag).not.toBe(etag);
  return response.json().data as TManifest;
}

describe('an unchanged manifest poll', () => {
  it('is answered 304 from the player row, without resolving schedules and media', async () => {
    const { player, etag } = await scheduledPlayer();
    resolutions.mockClear();
    for (let i = 0; i < 3; i++) {
      const again = await getManifest(player.token, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(Number(again.headers['x-server-time'])).toBeGreaterThan(0);
    }
    expect(resolutions).not.toHaveBeenCalled();
    // Another version named (or none) is resolved and answered in full.
    expect((await getManifest(player.token, '"another"')).statusCode).toBe(200);
    expect((await getManifest(player.token)).statusCode).toBe(200);
    expect(resolutions).toHaveBeenCalledTimes(2);
  });

  it('resolved again while nothing changed (no If-None-Match) writes nothing to the player row', async () => {
    const { player } = await scheduledPlayer();
    const stored = async () => (await t.db.select().from(devices).where(eq(devices.deviceCode, player.deviceCode)))[0];
    const before = await stored();
    expect(before?.manifestValidUntil?.getTime()).toBeGreaterThan(Date.now());
    expect((await getManifest(player.token)).statusCode).toBe(200);
    expect(await stored()).toEqual(before);
  });

  it('is answered 200 with a new version after a schedule edit, through the console or in plain SQL', async () => {
    const { player, etag, scheduleId } = await scheduledPlayer();
    expect((await getManifest(player.token, etag)).statusCode).toBe(304);
    expectOk(
      await heardOf(t.app, player.token, () =>
        call(t.app, mk, 'PUT', `/api/schedules/${scheduleId}`, { zone_code: TOKYO, schedule_name: 'Edited' }),
      ),
    );
    const edited = await getManifest(player.token, etag);
    expect(edited.statusCode).toBe(200);
    expect((edited.json().data as TManifest).schedules[0]?.schedule_name).toBe('Edited');

    const next = edited.headers.etag as string;
    expect((await getManifest(player.token, next)).statusCode).toBe(304);
    // Written by no module (the CLI, a migration, an operator): the database's triggers still end it.
    await heardOf(t.app, player.token, () =>
      t.db.update(schedules).set({ scheduleName: 'By hand' }).where(eq(schedules.id, scheduleId)),
    );
    expect((await expectChanged(player.token, next)).schedules[0]?.schedule_name).toBe('By hand');
  });

  it('is answered 200 after a content rename, a content deleted and a store move', async () => {
    const { player, image, etag } = await scheduledPlayer();
    expect((await getManifest(player.token, etag)).statusCode).toBe(304);
    const [row] = await t.db.select({ key: contents.key }).from(contents).where(eq(contents.id, image.id));
    expectOk(
      await heardOf(t.app, player.token, () =>
        call(t.app, mk, 'PUT', `/api/contents/${row!.key}`, { name: 'Renamed' }),
      ),
    );
    const renamed = await getManifest(player.token, etag);
    expect((renamed.json().data as TManifest).schedules[0]?.media[0]?.name).toBe('Renamed');

    // The console refuses to delete a content a schedule still plays; a deletion written by hand is seen.
    const afterRename = renamed.headers.etag as string;
    expect((await getManifest(player.token, afterRename)).statusCode).toBe(304);
    await heardOf(t.app, player.token, () =>
      t.db.update(contents).set({ deletedAt: new Date() }).where(eq(contents.id, image.id)),
    );
    const deleted = await expectChanged(player.token, afterRename);
    expect(deleted.schedules[0]?.media).toEqual([]);

    const afterDelete = (await getManifest(player.token)).headers.etag as string;
    expect((await getManifest(player.token, afterDelete)).statusCode).toBe(304);
    await heardOf(t.app, player.token, () =>
      t.db.update(devices).set({ shopName: 'Moved' }).where(eq(devices.deviceCode, player.deviceCode)),
    );
    expect((await expectChanged(player.token, afterDelete)).fallback.store_name).toBe('Moved');
  });

  it("is answered 200 once the store's day passes a content's licence end", async () => {
    const licensed = await storedImage(t.db, media.blobs, { licenseTo: dayFrom(0) });
    const { player, etag } = await scheduledPlayer(licensed);
    expect((await getManifest(player.token, etag)).statusCode).toBe(304);
    // One minute past the store's midnight (Tokyo, no DST), with nothing written.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${dayFrom(1)}T00:01:00+09:00`));
    const manifest = await expectChanged(player.token, etag);
    expect(manifest.schedules[0]?.media).toEqual([]);
  });

  it('is answered 200 once time brings a later window into the 48-hour horizon', async () => {
    const { player, etag } = await scheduledPlayer(undefined, { available_date_to: dayFrom(0) });
    const later = await createSchedule([player.deviceCode], [(await storedImage(t.db, media.blobs)).id], {
      available_date_from: dayFrom(3),
      available_time_from: '12:00:00',
      available_time_to: '13:00:59',
    });
    const current = (await getManifest(player.token, etag)).headers.etag as string;
    expect((await getManifest(player.token, current)).statusCode).toBe(304);
    // Its first window opens at 12:00 in three days: from 48 hours before, it is in the manifest.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${dayFrom(1)}T12:01:00+09:00`));
    expect((await expectChanged(player.token, current)).schedules.map((s) => s.schedule_id)).toContain(later);
  });

  it('holds until the first moment time could change it', async () => {
    const player = await pairedPlayer(t.db);
    const image = await storedImage(t.db, media.blobs);
    await createSchedule([player.deviceCode], [image.id], {
      available_date_from: '2027-03-15',
      available_date_to: '2027-03-20',
      available_time_from: '12:00:00',
      available_time_to: '13:00:59',
    });
    const [device] = await t.db.select().from(devices).where(eq(devices.deviceCode, player.deviceCode));
    // 09:00 in Tokyo on 03-13: the window of 03-15 12:00 (03:00Z) enters the horizon at 03-13T03:00Z.
    const before = await resolveManifestUntil(t.db, device!, new Date('2027-03-13T00:00:00Z'));
    expect(before.manifest.schedules).toEqual([]);
    expect(before.validUntil.toISOString()).toBe('2027-03-13T03:00:00.000Z');
    // 12:30 in Tokyo on 03-15, in the window: it holds until the window ends, not to the next one.
    const during = await resolveManifestUntil(t.db, device!, new Date('2027-03-15T03:30:00Z'));
    expect(during.manifest.schedules).toHaveLength(1);
    expect(during.validUntil.getTime()).toBeGreaterThan(Date.parse('2027-03-15T04:00:00Z'));
    expect(during.validUntil.getTime()).toBeLessThanOrEqual(Date.parse('2027-03-15T04:01:00Z'));
    // Nothing scheduled in reach: the store's next midnight (licence dates), 15:00Z for Tokyo.
    const idle = await resolveManifestUntil(t.db, device!, new Date('2027-03-21T12:00:00Z'));
    expect(idle.validUntil.toISOString()).toBe('2027-03-21T15:00:00.000Z');
  });
});
