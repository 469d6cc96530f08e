import { CONTENT_CONTRACTS, contractAllows, ROLES, SCHEDULE_CONTRACTS } from '@signage/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents } from '../../src/db/schema';
import { call, createBody, expectOk, expectStatus, makeContent, makePlayer, message, schedulesWorld } from './fixtures';

let w: Awaited<ReturnType<typeof schedulesWorld>>;
beforeAll(async () => {
  w = await schedulesWorld();
});
afterAll(() => w.t.close());

/** Region-bound roles are JP; DS_ST is JP shop 0001. */
const cookieOf = (role: (typeof ROLES)[number]) =>
  w.as(role, role === 'DS_MK' || role === 'DS_FRIT' ? undefined : 'JP', role === 'DS_ST' ? '0001' : undefined);

describe('schedules: every role as its contract says', () => {
  for (const role of ROLES) {
    it(`${role}: create, duplicate, update and delete as allowed, reads always`, async () => {
      const cookie = await cookieOf(role);
      const mk = await w.as('DS_MK');
      const player = await makePlayer(w.t.db, { region: 'JP', shopNo: '0001' });
      const content = await makeContent(w.t.db, { region: 'JP' });
      const seed = (await call(w.t.app, mk, 'POST', '/api/schedules', createBody([player], [content]))).json().data;

      const created = await call(w.t.app, cookie, 'POST', '/api/schedules', createBody([player], [content]));
      if (contractAllows(SCHEDULE_CONTRACTS.create, role)) expectOk(created);
      else expectStatus(created, 403);

      const copy = await call(
        w.t.app,
        cookie,
        'POST',
        `/api/schedules/${seed.schedule_id}/duplicate`,
        createBody([player], [content]),
      );
      if (contractAllows(SCHEDULE_CONTRACTS.duplicate, role)) {
        expectOk(copy);
        expect(copy.json().data.schedule_id).not.toBe(seed.schedule_id);
        expect(copy.json().data.created_at > seed.created_at).toBe(true);
      } else expectStatus(copy, 403);

      expectOk(await call(w.t.app, cookie, 'GET', `/api/schedules/${seed.schedule_id}`));
      expectOk(await call(w.t.app, cookie, 'GET', `/api/schedules?device_code=${player}`));

      const updated = await call(w.t.app, cookie, 'PUT', `/api/schedules/${seed.schedule_id}`, {
        zone_code: 'Asia/Tokyo',
        schedule_name: `renamed by ${role}`,
      });
      const removed = await call(w.t.app, cookie, 'DELETE', `/api/schedules/${seed.schedule_id}`);
      if (contractAllows(SCHEDULE_CONTRACTS.update, role)) {
        expectOk(updated);
        expect(updated.json().data.schedule_name).toBe(`renamed by ${role}`);
        expectOk(removed);
      } else {
        expectStatus(updated, 403);
        expectStatus(removed, 403);
      }
    });
  }
});

describe('schedules: region and shop on every id', () => {
  it('DS_ST reaches its own shop only: another shop or region answers 404, as no such player does', async () => {
    const st = await w.as('DS_ST', 'JP', '0001');
    const own = await makePlayer(w.t.db, { region: 'JP', shopNo: '0001' });
    const otherShop = await makePlayer(w.t.db, { region: 'JP', shopNo: '0002' });
    const otherRegion = await makePlayer(w.t.db, { region: 'US', shopNo: '0001', timeZone: 'America/New_York' });
    const content = await makeContent(w.t.db, { region: 'JP' });
    expectOk(await call(w.t.app, st, 'POST', '/api/schedules', createBody([own], [content])));
    expectStatus(await call(w.t.app, st, 'POST', '/api/schedules', createBody([own, otherShop], [content])), 404);
    expectStatus(await call(w.t.app, st, 'POST', '/api/schedules', createBody([otherRegion], [content])), 404);
    const missing = await call(w.t.app, st, 'POST', '/api/schedules', createBody(['NOSUCH'], [content]));
    expectStatus(missing, 404);
    const outOfReach = await call(w.t.app, st, 'GET', `/api/schedules?device_code=${otherShop}`);
    expectStatus(outOfReach, 404);
    expect(message(outOfReach)).toBe(message(missing));
  });

  it('DS_LHQBIZ reaches its own region: its contents and global ones, 404 for another region', async () => {
    const biz = await w.as('DS_LHQBIZ', 'JP');
    const jp = await makePlayer(w.t.db, { region: 'JP', shopNo: '0007' });
    const us = await makePlayer(w.t.db, { region: 'US', timeZone: 'America/New_York' });
    const jpContent = await makeContent(w.t.db, { region: 'JP' });
    const globalContent = await makeContent(w.t.db, { region: '' });
    const usContent = await makeContent(w.t.db, { region: 'US' });
    expectOk(await call(w.t.app, biz, 'POST', '/api/schedules', createBody([jp], [jpContent, globalContent])));
    expectStatus(await call(w.t.app, biz, 'POST', '/api/schedules', createBody([jp], [usContent])), 404);
    expectStatus(await call(w.t.app, biz, 'POST', '/api/schedules', createBody([us], [jpContent])), 404);
  });

  it('refuses deleted players and contents as missing (404)', async () => {
    const mk = await w.as('DS_MK');
    const frit = await w.as('DS_FRIT');
    const player = await makePlayer(w.t.db);
    const gonePlayer = await makePlayer(w.t.db);
    const content = await makeContent(w.t.db);
    const goneContent = await makeContent(w.t.db);
    expectOk(await call(w.t.app, frit, 'DELETE', `/api/devices/${gonePlayer}`));
    expectOk(await call(w.t.app, mk, 'DELETE', `/api/contents/${goneContent}`));
    expectStatus(await call(w.t.app, mk, 'POST', '/api/schedules', createBody([gonePlayer], [content])), 404);
    expectStatus(await call(w.t.app, mk, 'POST', '/api/schedules', createBody([player], [goneContent])), 404);
  });

  it('shows a bound user only its players of a schedule, with the count of the others', async () => {
    const mk = await w.as('DS_MK');
    const st = await w.as('DS_ST', 'JP', '0001');
    const st2 = await w.as('DS_ST', 'JP', '0002');
    const own = await makePlayer(w.t.db, { region: 'JP', shopNo: '0001' });
    const other = await makePlayer(w.t.db, { region: 'JP', shopNo: '0002', displayPattern: 'Multi,CW&1x1v' });
    const third = await makePlayer(w.t.db, { region: 'JP', shopNo: '0003' });
    const content = await makeContent(w.t.db);
    const both = (await call(w.t.app, mk, 'POST', '/api/schedules', createBody([own, other], [content]))).json().data;
    const read = await call(w.t.app, st, 'GET', `/api/schedules/${both.schedule_id}`);
    expectOk(read);
    // The display patterns of all its players, the hidden one's too: a content must fit both to be saved.
    expect(read.json().data).toMatchObject({
      dest: [own],
      dest_hidden: 1,
      dest_display_patterns: ['Multi,CW', 'Multi,CW&1x1v'],
    });
    const elsewhere = (await call(w.t.app, mk, 'POST', '/api/schedules', createBody([third], [content]))).json().data;
    expectStatus(await call(w.t.app, st2, 'GET', `/api/schedules/${elsewhere.schedule_id}`), 404);
    // Writes on a schedule the user does not see answer as for one that does not exist.
    expectStatus(
      await call(w.t.app, st2, 'PUT', `/api/schedules/${elsewhere.schedule_id}`, { zone_code: 'Asia/Tokyo' }),
      404,
    );
    expectStatus(await call(w.t.app, st2, 'DELETE', `/api/schedules/${elsewhere.schedule_id}`), 404);
    expectStatus(
      await call(
        w.t.app,
        st2,
        'POST',
        `/api/schedules/${elsewhere.schedule_id}/duplicate`,
        createBody([other], [content]),
      ),
      404,
    );
    expectOk(await call(w.t.app, mk, 'GET', `/api/schedules/${elsewhere.schedule_id}`));
  });
});

describe('schedules: thumbnails only for roles that read contents (issue 31)', () => {
  it('a schedule read by DS_KT names no thumbnail (its request would answer 403); content readers get one', async () => {
    const mk = await w.as('DS_MK');
    const player = await makePlayer(w.t.db, { region: 'JP', shopNo: '0001' });
    const content = await makeContent(w.t.db, { region: 'JP' });
    await w.t.db
      .update(contents)
      .set({ thumbnailKey: `contents/thumb-${content}` })
      .where(eq(contents.id, content));
    const seed = (await call(w.t.app, mk, 'POST', '/api/schedules', createBody([player], [content]))).json().data;
    for (const role of ROLES) {
      const read = await call(w.t.app, await cookieOf(role), 'GET', `/api/schedules/${seed.schedule_id}`);
      expectOk(read);
      const thumbnail = read.json().data.contents[0].thumbnail_url;
      if (contractAllows(CONTENT_CONTRACTS.media, role)) expect(thumbnail, role).toMatch(/\/thumbnail$/);
      else expect(thumbnail, role).toBeNull();
    }
  });
});
