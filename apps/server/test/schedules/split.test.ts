import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createBody, expectOk, expectStatus, makeContent, makePlayer, schedulesWorld } from './fixtures';

let w: Awaited<ReturnType<typeof schedulesWorld>>;
beforeAll(async () => {
  w = await schedulesWorld();
});
afterAll(() => w.t.close());

/** A schedule made by DS_MK on a player of JP shop 0001 (DS_ST's), one of shop 0002 and one in the US. */
async function shared() {
  const mk = await w.as('DS_MK');
  const own = await makePlayer(w.t.db, { region: 'JP', shopNo: '0001' });
  const ownToo = await makePlayer(w.t.db, { region: 'JP', shopNo: '0001' });
  const otherShop = await makePlayer(w.t.db, { region: 'JP', shopNo: '0002' });
  const us = await makePlayer(w.t.db, { region: 'US', shopNo: '0100', timeZone: 'America/New_York' });
  const content = await makeContent(w.t.db, { region: '' });
  const schedule = (
    await call(
      w.t.app,
      mk,
      'POST',
      '/api/schedules',
      createBody([own, ownToo, otherShop, us], [content], { available_time_from: '10:00', available_time_to: '20:00' }),
    )
  ).json().data;
  const read = async (id: string) => (await call(w.t.app, mk, 'GET', `/api/schedules/${id}`)).json().data;
  return { mk, own, ownToo, otherShop, us, content, schedule, read };
}

describe('a bound user never changes other shops’ screens', () => {
  it('DS_ST: PUT moves its players to a new schedule with the change and the original created_at', async () => {
    const st = await w.as('DS_ST', 'JP', '0001');
    const { own, ownToo, otherShop, us, schedule, read } = await shared();
    const response = await call(w.t.app, st, 'PUT', `/api/schedules/${schedule.schedule_id}`, {
      zone_code: 'Asia/Tokyo',
      available_time_from: '08:00',
    });
    expectOk(response);
    const moved = response.json().data;
    expect(moved.schedule_id).not.toBe(schedule.schedule_id);
    expect(moved).toMatchObject({
      available_time_from: '08:00:00',
      available_time_to: '20:00:59',
      created_at: schedule.created_at,
      dest: [own, ownToo].sort(),
      dest_hidden: 0,
    });
    const original = await read(schedule.schedule_id);
    expect(original).toMatchObject({ available_time_from: '10:00:00', dest: [otherShop, us].sort() });
  });

  it('DS_ST: PUT with dest replaces only its own part of the players', async () => {
    const st = await w.as('DS_ST', 'JP', '0001');
    const { own, otherShop, us, schedule, read } = await shared();
    const moved = (
      await call(w.t.app, st, 'PUT', `/api/schedules/${schedule.schedule_id}`, { zone_code: 'Asia/Tokyo', dest: [own] })
    ).json().data;
    expect(moved.dest).toEqual([own]);
    expect((await read(schedule.schedule_id)).dest).toEqual([otherShop, us].sort());
  });

  it('DS_LHQBIZ: PUT splits a schedule that also plays in another region', async () => {
    const biz = await w.as('DS_LHQBIZ', 'JP');
    const { own, ownToo, otherShop, us, schedule, read } = await shared();
    const moved = (
      await call(w.t.app, biz, 'PUT', `/api/schedules/${schedule.schedule_id}`, {
        zone_code: 'Asia/Tokyo',
        schedule_name: 'Japan only',
      })
    ).json().data;
    expect(moved).toMatchObject({ schedule_name: 'Japan only', dest: [own, ownToo, otherShop].sort() });
    expect(await read(schedule.schedule_id)).toMatchObject({ schedule_name: schedule.schedule_name, dest: [us] });
  });

  it('an unbound role changes the schedule itself', async () => {
    const frit = await w.as('DS_FRIT');
    const { schedule } = await shared();
    const changed = (
      await call(w.t.app, frit, 'PUT', `/api/schedules/${schedule.schedule_id}`, {
        zone_code: 'Asia/Tokyo',
        schedule_name: 'Everywhere',
      })
    ).json().data;
    expect(changed).toMatchObject({ schedule_id: schedule.schedule_id, schedule_name: 'Everywhere', dest_hidden: 0 });
    expect(changed.dest).toHaveLength(4);
  });

  it('DS_ST: DELETE only takes its players off; the last players delete the schedule', async () => {
    const st = await w.as('DS_ST', 'JP', '0001');
    const biz = await w.as('DS_LHQBIZ', 'JP');
    const usSt = await w.as('DS_ST', 'US', '0100');
    const { mk, otherShop, us, schedule, read } = await shared();
    expectOk(await call(w.t.app, st, 'DELETE', `/api/schedules/${schedule.schedule_id}`));
    expect((await read(schedule.schedule_id)).dest).toEqual([otherShop, us].sort());
    expectOk(await call(w.t.app, biz, 'DELETE', `/api/schedules/${schedule.schedule_id}`));
    expect((await read(schedule.schedule_id)).dest).toEqual([us]);
    expectOk(await call(w.t.app, usSt, 'DELETE', `/api/schedules/${schedule.schedule_id}`));
    expectStatus(await call(w.t.app, mk, 'GET', `/api/schedules/${schedule.schedule_id}`), 404);
  });

  it('duplicate makes a new schedule from a visible one and leaves the source alone', async () => {
    const st = await w.as('DS_ST', 'JP', '0001');
    const { own, ownToo, content, schedule, read } = await shared();
    const copy = await call(
      w.t.app,
      st,
      'POST',
      `/api/schedules/${schedule.schedule_id}/duplicate`,
      createBody([ownToo], [content], { schedule_name: 'Copy' }),
    );
    expectOk(copy);
    expect(copy.json().data).toMatchObject({ schedule_name: 'Copy', dest: [ownToo], dest_hidden: 0 });
    expect((await read(schedule.schedule_id)).dest).toContain(own);
    expectStatus(
      await call(
        w.t.app,
        st,
        'POST',
        '/api/schedules/00000000-0000-4000-8000-00000000abcd/duplicate',
        createBody([own], [content]),
      ),
      404,
    );
  });
});
