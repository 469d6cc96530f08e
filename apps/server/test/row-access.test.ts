import { ROLES, type Role } from '@signage/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../src/db/schema';
import {
  call,
  createBody,
  expectOk,
  expectStatus,
  makeContent,
  makePlayer,
  schedulesWorld,
} from './schedules/fixtures';

/**
 * Row-level access (SPEC.md section 6) for each role, read the two ways a user reaches a row: in a list and
 * by its id. Both must give what the table below says, written from the spec (region-bound roles in JP,
 * DS_ST in JP shop 0001): so the list's SQL and the one-row test agree. A row out of reach answers 404 with
 * the same message as a row that does not exist (docs/access-policy.md). Runs on PGlite, and on PostgreSQL
 * with TEST_DATABASE_URL.
 */

type PlayerName = 'jp1' | 'jp2' | 'us1' | 'jpUnpaired';
type ContentName = 'jp' | 'us' | 'global';
type ScheduleName = 'onJp1' | 'onJp2' | 'onUs1' | 'onJp2AndUs1';

/** The schedules and the players each plays on. */
const SCHEDULES: Record<ScheduleName, PlayerName[]> = {
  onJp1: ['jp1'],
  onJp2: ['jp2'],
  onUs1: ['us1'],
  onJp2AndUs1: ['jp2', 'us1'],
};

/**
 * SPEC.md section 6. Players: DS_MK and DS_FRIT every region, the other roles their own region, DS_ST also
 * its own shop; paired players only, except DS_KT who also sees those not paired yet. Contents: region-bound
 * roles their region's and those for all countries; DS_KT has no content screen (403).
 */
const REACH: Record<Role, { players: PlayerName[]; contents: ContentName[] | 403 }> = {
  DS_MK: { players: ['jp1', 'jp2', 'us1'], contents: ['jp', 'us', 'global'] },
  DS_FRIT: { players: ['jp1', 'jp2', 'us1'], contents: ['jp', 'us', 'global'] },
  DS_LHQBIZ: { players: ['jp1', 'jp2'], contents: ['jp', 'global'] },
  DS_LHQIT: { players: ['jp1', 'jp2'], contents: ['jp', 'global'] },
  DS_KT: { players: ['jp1', 'jp2', 'jpUnpaired'], contents: 403 },
  DS_ST: { players: ['jp1'], contents: ['jp', 'global'] },
};

/** Section 2: who edits schedules (/device/scheduleupdate). */
const SCHEDULE_EDITORS: readonly Role[] = ['DS_ST', 'DS_MK', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_FRIT'];

let w: Awaited<ReturnType<typeof schedulesWorld>>;
const player = {} as Record<PlayerName, string>;
const content = {} as Record<ContentName, string>;
const schedule = {} as Record<ScheduleName, string>;
/** What a user of any role gets for ids that do not exist. */
let missingMessage = '';

const cookieOf = (role: Role) =>
  w.as(role, role === 'DS_MK' || role === 'DS_FRIT' ? undefined : 'JP', role === 'DS_ST' ? '0001' : undefined);
const nameOf = <N extends string>(ids: Record<N, string>, id: string) =>
  (Object.keys(ids) as N[]).find((name) => ids[name] === id);

beforeAll(async () => {
  w = await schedulesWorld();
  player.jp1 = await makePlayer(w.t.db, { region: 'JP', shopNo: '0001' });
  player.jp2 = await makePlayer(w.t.db, { region: 'JP', shopNo: '0002' });
  player.us1 = await makePlayer(w.t.db, { region: 'US', shopNo: '0001', timeZone: 'America/New_York' });
  player.jpUnpaired = await makePlayer(w.t.db, { region: 'JP', shopNo: '0001' });
  await w.t.db
    .update(devices)
    .set({ isActivated: false, activatedAt: null })
    .where(eq(devices.deviceCode, player.jpUnpaired));
  content.jp = await makeContent(w.t.db, { region: 'JP' });
  content.us = await makeContent(w.t.db, { region: 'US' });
  content.global = await makeContent(w.t.db, { region: '' });
  const frit = await cookieOf('DS_FRIT');
  for (const [name, on] of Object.entries(SCHEDULES) as [ScheduleName, PlayerName[]][]) {
    const created = await call(
      w.t.app,
      frit,
      'POST',
      '/api/schedules',
      createBody(
        on.map((p) => player[p]),
        [content.global],
      ),
    );
    expectOk(created);
    schedule[name] = created.json().data.schedule_id;
  }
  const missing = await call(w.t.app, frit, 'GET', '/api/devices/NOSUCHPLAYER');
  expectStatus(missing, 404);
  missingMessage = missing.json().message;
});
afterAll(() => w?.t.close());

/** A 404 that cannot be told from the answer for a row that does not exist. */
function expectAsMissing(response: { statusCode: number; body: string; json: () => unknown }) {
  expectStatus(response, 404);
  expect((response.json() as { message: string }).message).toBe(missingMessage);
}

describe.each(ROLES)('%s', (role) => {
  const reach = REACH[role];

  it('lists the players it reaches and reads each of them by id; the others answer as missing', async () => {
    const cookie = await cookieOf(role);
    const list = await call(w.t.app, cookie, 'GET', '/api/devices?limit=50');
    expectOk(list);
    const listed = (list.json().data.devices as { device_code: string }[]).map((d) => nameOf(player, d.device_code));
    expect(listed.sort()).toEqual([...reach.players].sort());
    for (const name of Object.keys(player) as PlayerName[]) {
      const byId = await call(w.t.app, cookie, 'GET', `/api/devices/${player[name]}`);
      if (reach.players.includes(name)) expectOk(byId);
      else expectAsMissing(byId);
    }
  });

  it('lists the contents it reaches and reads each of them by id; the others answer as missing', async () => {
    const cookie = await cookieOf(role);
    const list = await call(w.t.app, cookie, 'GET', '/api/contents');
    if (reach.contents === 403) {
      expectStatus(list, 403);
      expectStatus(await call(w.t.app, cookie, 'GET', `/api/contents/${content.jp}`), 403);
      return;
    }
    expectOk(list);
    const listed = (list.json().data.contents as { content_id: string }[]).map((c) => nameOf(content, c.content_id));
    expect(listed.sort()).toEqual([...reach.contents].sort());
    for (const name of Object.keys(content) as ContentName[]) {
      const byId = await call(w.t.app, cookie, 'GET', `/api/contents/${content[name]}`);
      if (reach.contents.includes(name)) expectOk(byId);
      else expectAsMissing(byId);
    }
  });

  it("sees a schedule in its players' lists and by id exactly when it plays on a player it reaches", async () => {
    const cookie = await cookieOf(role);
    const seenInLists = new Set<ScheduleName>();
    for (const name of Object.keys(player) as PlayerName[]) {
      const list = await call(w.t.app, cookie, 'GET', `/api/schedules?device_code=${player[name]}`);
      if (!reach.players.includes(name)) {
        expectAsMissing(list);
        continue;
      }
      expectOk(list);
      for (const item of list.json().data.schedules as { schedule_id: string; dest: string[] }[]) {
        const found = nameOf(schedule, item.schedule_id);
        if (found) seenInLists.add(found);
        // Only the players the user reaches are named.
        expect(item.dest.every((code) => reach.players.includes(nameOf(player, code) as PlayerName))).toBe(true);
      }
    }
    const seen = (Object.keys(SCHEDULES) as ScheduleName[]).filter((name) =>
      SCHEDULES[name].some((p) => reach.players.includes(p)),
    );
    expect([...seenInLists].sort()).toEqual([...seen].sort());
    for (const name of Object.keys(SCHEDULES) as ScheduleName[]) {
      const byId = await call(w.t.app, cookie, 'GET', `/api/schedules/${schedule[name]}`);
      if (!seen.includes(name)) {
        expectAsMissing(byId);
        continue;
      }
      expectOk(byId);
      const { dest, dest_hidden } = byId.json().data as { dest: string[]; dest_hidden: number };
      const visible = SCHEDULES[name].filter((p) => reach.players.includes(p));
      expect(dest.map((code) => nameOf(player, code)).sort()).toEqual(visible.sort());
      expect(dest_hidden).toBe(SCHEDULES[name].length - visible.length);
    }
  });

  it('writes schedules only with players and contents it reaches; the others answer as missing', async () => {
    const cookie = await cookieOf(role);
    if (!SCHEDULE_EDITORS.includes(role)) {
      // A role that may not write schedules is refused before any row is read, whatever the ids.
      expectStatus(await call(w.t.app, cookie, 'POST', '/api/schedules', createBody([player.jp1], [content.jp])), 403);
      expectStatus(
        await call(w.t.app, cookie, 'PUT', `/api/schedules/${schedule.onUs1}`, { zone_code: 'Asia/Tokyo' }),
        403,
      );
      return;
    }
    for (const name of ['jp1', 'us1'] as PlayerName[]) {
      const created = await call(
        w.t.app,
        cookie,
        'POST',
        '/api/schedules',
        createBody([player[name]], [content.global]),
      );
      if (reach.players.includes(name)) expectOk(created);
      else expectAsMissing(created);
    }
    const reachable = reach.players.find((p) => p !== 'jpUnpaired') as PlayerName;
    const withUs = await call(w.t.app, cookie, 'POST', '/api/schedules', createBody([player[reachable]], [content.us]));
    if ((reach.contents as ContentName[]).includes('us')) expectOk(withUs);
    else expectAsMissing(withUs);
    for (const name of ['onJp1', 'onUs1'] as ScheduleName[]) {
      const renamed = await call(w.t.app, cookie, 'PUT', `/api/schedules/${schedule[name]}`, {
        zone_code: 'Asia/Tokyo',
        schedule_name: `${name} as seen by ${role}`,
      });
      if (SCHEDULES[name].some((p) => reach.players.includes(p))) expectOk(renamed);
      else expectAsMissing(renamed);
    }
  });
});

describe('a list that asks beyond the bounds is refused with 403 before any row is read', () => {
  it('another region, another shop, unpaired players', async () => {
    const biz = await cookieOf('DS_LHQBIZ');
    expectStatus(await call(w.t.app, biz, 'GET', '/api/devices?region=US'), 403);
    expectStatus(await call(w.t.app, biz, 'GET', '/api/contents?region=US'), 403);
    expectStatus(await call(w.t.app, biz, 'GET', '/api/devices?is_activated=false'), 403);
    expectStatus(await call(w.t.app, await cookieOf('DS_ST'), 'GET', '/api/devices?shop_no=0002'), 403);
    const mk = await cookieOf('DS_MK');
    const us = await call(w.t.app, mk, 'GET', '/api/devices?region=US');
    expectOk(us);
    expect((us.json().data.devices as { device_code: string }[]).map((d) => d.device_code)).toEqual([player.us1]);
    const kt = await call(w.t.app, await cookieOf('DS_KT'), 'GET', '/api/devices?is_activated=false');
    expectOk(kt);
    expect((kt.json().data.devices as { device_code: string }[]).map((d) => d.device_code)).toEqual([
      player.jpUnpaired,
    ]);
  });
});
