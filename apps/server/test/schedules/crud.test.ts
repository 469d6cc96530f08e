import { MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createBody,
  dayFrom,
  expectOk,
  expectStatus,
  makeContent,
  makePlayer,
  message,
  schedulesWorld,
} from './fixtures';

let w: Awaited<ReturnType<typeof schedulesWorld>>;
beforeAll(async () => {
  w = await schedulesWorld();
});
afterAll(() => w.t.close());

describe('schedules: create, read, update, delete', () => {
  it('creates a schedule with ordered contents and players, and reads it back', async () => {
    const mk = await w.as('DS_MK');
    const [p1, p2] = [await makePlayer(w.t.db), await makePlayer(w.t.db)];
    const [c1, c2, c3] = [await makeContent(w.t.db), await makeContent(w.t.db), await makeContent(w.t.db)];
    const body = createBody([p1, p2], [c3, c1, c2], { available_time_from: '10:00', available_time_to: '21:00' });
    const created = await call(w.t.app, mk, 'POST', '/api/schedules', body);
    expectOk(created);
    const schedule = created.json().data;
    expect(schedule).toMatchObject({
      schedule_name: body.schedule_name,
      playlist_name: 'Default playlist',
      available_date_from: dayFrom(1),
      available_date_to: dayFrom(7),
      available_time_from: '10:00:00',
      available_time_to: '21:00:59',
      download_allow_hour: '23',
      first_content_live: false,
      zone_code: 'Asia/Tokyo',
      dest: [p1, p2].sort(),
      dest_hidden: 0,
      dest_display_patterns: ['Multi,CW'],
    });
    expect(schedule.contents.map((c: { content_id: string }) => c.content_id)).toEqual([c3, c1, c2]);
    const read = await call(w.t.app, mk, 'GET', `/api/schedules/${schedule.schedule_id}`);
    expectOk(read);
    expect(read.json().data).toEqual(schedule);

    const list = await call(w.t.app, mk, 'GET', `/api/schedules?device_code=${p1}`);
    expectOk(list);
    expect(list.json().data).toMatchObject({
      device_code: p1,
      time_zone: 'Asia/Tokyo',
      current_schedule: null,
      next_schedule: { schedule_id: schedule.schedule_id },
    });
    expect(list.json().data.schedules.map((s: { schedule_id: string }) => s.schedule_id)).toEqual([
      schedule.schedule_id,
    ]);
  });

  it('updates only the fields sent and keeps the rest', async () => {
    const mk = await w.as('DS_MK');
    const p1 = await makePlayer(w.t.db);
    const c1 = await makeContent(w.t.db);
    const created = (await call(w.t.app, mk, 'POST', '/api/schedules', createBody([p1], [c1]))).json().data;
    const updated = await call(w.t.app, mk, 'PUT', `/api/schedules/${created.schedule_id}`, {
      zone_code: 'Asia/Tokyo',
      available_time_from: '09:00',
      available_time_to: '18:00',
    });
    expectOk(updated);
    expect(updated.json().data).toMatchObject({
      schedule_id: created.schedule_id,
      schedule_name: created.schedule_name,
      available_date_from: created.available_date_from,
      available_time_from: '09:00:00',
      available_time_to: '18:00:59',
      created_at: created.created_at,
    });
  });

  it('deletes a schedule', async () => {
    const mk = await w.as('DS_MK');
    const p1 = await makePlayer(w.t.db);
    const created = (
      await call(w.t.app, mk, 'POST', '/api/schedules', createBody([p1], [await makeContent(w.t.db)]))
    ).json().data;
    expectOk(await call(w.t.app, mk, 'DELETE', `/api/schedules/${created.schedule_id}`));
    expectStatus(await call(w.t.app, mk, 'GET', `/api/schedules/${created.schedule_id}`), 404);
    const list = await call(w.t.app, mk, 'GET', `/api/schedules?device_code=${p1}`);
    expect(list.json().data.schedules).toEqual([]);
  });

  it('answers 404 for unknown schedules, players and contents', async () => {
    const mk = await w.as('DS_MK');
    const missing = '00000000-0000-4000-8000-000000000001';
    expectStatus(await call(w.t.app, mk, 'GET', `/api/schedules/${missing}`), 404);
    expectStatus(await call(w.t.app, mk, 'GET', '/api/schedules/not-a-uuid'), 404);
    expectStatus(await call(w.t.app, mk, 'PUT', `/api/schedules/${missing}`, { zone_code: 'Asia/Tokyo' }), 404);
    expectStatus(await call(w.t.app, mk, 'DELETE', `/api/schedules/${missing}`), 404);
    const p1 = await makePlayer(w.t.db);
    const c1 = await makeContent(w.t.db);
    expectStatus(await call(w.t.app, mk, 'POST', '/api/schedules', createBody(['NOSUCHPLAYER'], [c1])), 404);
    expectStatus(await call(w.t.app, mk, 'POST', '/api/schedules', createBody([p1], [missing])), 404);
    const bad = await call(
      w.t.app,
      mk,
      'POST',
      '/api/schedules',
      createBody([p1], [c1], { available_date_from: dayFrom(0) }),
    );
    expectStatus(bad, 400);
    expect(message(bad)).toBe(MESSAGES.scheduleStartTomorrow);
  });
});
