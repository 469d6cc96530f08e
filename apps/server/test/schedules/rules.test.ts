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

async function post(body: object) {
  return call(w.t.app, await w.as('DS_MK'), 'POST', '/api/schedules', body);
}

async function refused(body: object, text: string) {
  const response = await post(body);
  expectStatus(response, 400);
  expect(message(response)).toContain(text);
  return message(response);
}

describe('schedule values (SPEC.md section 5)', () => {
  it('answers each rule with its catalogue message', async () => {
    const p = await makePlayer(w.t.db);
    const c = await makeContent(w.t.db);
    const ok = (extra: object) => createBody([p], [c], extra);
    await refused(ok({ schedule_name: '' }), MESSAGES.enterScheduleName);
    await refused(ok({ playlist_name: ' ' }), MESSAGES.enterPlaylistName);
    await refused(ok({ dest: [] }), MESSAGES.selectSchedulePlayer);
    await refused(ok({ contents: [] }), MESSAGES.selectScheduleContent);
    await refused(ok({ available_time_from: '10:03', available_time_to: '21:00' }), MESSAGES.scheduleTimeStep);
    await refused(ok({ available_time_from: '21:00', available_time_to: '10:00' }), MESSAGES.scheduleTimeOrder);
    await refused(ok({ available_date_to: dayFrom(0) }), MESSAGES.scheduleEndBeforeStart);
    await refused(ok({ available_date_from: dayFrom(0) }), MESSAGES.scheduleStartTomorrow);
    await refused(
      ok({ download_allow_hour: '', available_date_from: dayFrom(-1), available_date_to: dayFrom(3) }),
      MESSAGES.scheduleStartToday,
    );
    await refused(ok({ available_date_from: '2026-02-30' }), MESSAGES.scheduleInvalidDate);
    await refused(ok({ zone_code: 'Mars/Olympus' }), MESSAGES.invalidTimeZone);
  });

  it('lets Immediate start today and Night start tomorrow, read in zone_code', async () => {
    const p = await makePlayer(w.t.db);
    const c = await makeContent(w.t.db);
    expectOk(await post(createBody([p], [c], { download_allow_hour: '', available_date_from: dayFrom(0) })));
    expectOk(await post(createBody([p], [c], { available_date_from: dayFrom(1), available_date_to: '' })));
  });
});

describe('contents of a schedule', () => {
  it('holds either images and movies or live streams, the first content deciding', async () => {
    const p = await makePlayer(w.t.db);
    const image = await makeContent(w.t.db, { name: 'Poster' });
    const movie = await makeContent(w.t.db, { type: 'movie' });
    const live = await makeContent(w.t.db, { type: 'stream', name: 'Live show' });
    expectOk(await post(createBody([p], [image, movie])));
    await refused(createBody([p], [image, live]), MESSAGES.scheduleMixedKinds);
    const text = await refused(createBody([p], [live, image]), MESSAGES.scheduleMixedKinds);
    expect(text).toContain('Poster');
    // A live schedule is Immediate: the download hour is cleared, and it may start today.
    const created = await post(
      createBody([p], [live], {
        available_date_from: dayFrom(0),
        available_date_to: dayFrom(1),
        available_time_from: '10:00',
        available_time_to: '23:59',
      }),
    );
    expectOk(created);
    expect(created.json().data).toMatchObject({ download_allow_hour: '', first_content_live: true });
    expect(created.json().data.contents[0]).toMatchObject({ type: 'stream', rtmp_url: 'rtmp://live.test/app' });
  });

  it('refuses a content whose display pattern does not fit a player, naming both', async () => {
    const cw = await makePlayer(w.t.db, { displayPattern: 'Multi,CW' });
    const combined = await makePlayer(w.t.db, { displayPattern: 'Multi,CW&1x1v' });
    const vertical = await makeContent(w.t.db, { displayPattern: '1x1v', name: 'Tall poster' });
    const wide = await makeContent(w.t.db, { displayPattern: 'Multi,CW' });
    const both = await makeContent(w.t.db, { displayPattern: 'Multi,CW&1x1v', name: 'Pair' });
    const text = await refused(createBody([cw], [wide, vertical]), MESSAGES.scheduleDisplayPatternMismatch);
    expect(text).toContain('Tall poster');
    expect(text).toContain(cw);
    expectOk(await post(createBody([combined], [wide, vertical, both])));
    await refused(createBody([combined, cw], [both]), MESSAGES.scheduleDisplayPatternMismatch);
  });

  it('refuses expired contents for new schedules', async () => {
    const p = await makePlayer(w.t.db);
    const expired = await makeContent(w.t.db, { licenseTo: dayFrom(-1), name: 'Old sale' });
    const lastDay = await makeContent(w.t.db, { licenseTo: dayFrom(0) });
    const text = await refused(createBody([p], [expired]), MESSAGES.scheduleContentExpired);
    expect(text).toContain('Old sale');
    expectOk(await post(createBody([p], [lastDay])));
  });
});

describe('PUT: changed fields merged with the stored schedule', () => {
  it('checks the merged values, the start-date rule only when the start moved', async () => {
    const mk = await w.as('DS_MK');
    const p = await makePlayer(w.t.db);
    const c = await makeContent(w.t.db);
    const created = (
      await post(
        createBody([p], [c], {
          download_allow_hour: '',
          available_date_from: dayFrom(0),
          available_time_from: '10:00',
          available_time_to: '12:00',
        }),
      )
    ).json().data;
    const url = `/api/schedules/${created.schedule_id}`;
    const put = (body: object) => call(w.t.app, mk, 'PUT', url, { zone_code: 'Asia/Tokyo', ...body });
    const order = await put({ available_time_from: '13:00' });
    expectStatus(order, 400);
    expect(message(order)).toBe(MESSAGES.scheduleTimeOrder);
    // The start is today (Immediate): an edit of another field is no new start.
    expectOk(await put({ schedule_name: 'Renamed' }));
    const backwards = await put({ available_date_from: dayFrom(-2) });
    expectStatus(backwards, 400);
    expect(message(backwards)).toBe(MESSAGES.scheduleStartToday);
    expectOk(await put({ available_time_from: '', available_time_to: '' }));
    const read = (await call(w.t.app, mk, 'GET', url)).json().data;
    expect(read).toMatchObject({ schedule_name: 'Renamed', available_time_from: '', available_time_to: '' });
  });

  it('replaces the contents and players, with the same content rules', async () => {
    const mk = await w.as('DS_MK');
    const [p1, p2] = [await makePlayer(w.t.db), await makePlayer(w.t.db)];
    const tall = await makePlayer(w.t.db, { displayPattern: '1x1v' });
    const [c1, c2] = [await makeContent(w.t.db), await makeContent(w.t.db)];
    const live = await makeContent(w.t.db, { type: 'stream' });
    const expired = await makeContent(w.t.db, { licenseTo: dayFrom(-3) });
    const created = (await post(createBody([p1], [c1]))).json().data;
    const url = `/api/schedules/${created.schedule_id}`;
    const put = (body: object) => call(w.t.app, mk, 'PUT', url, { zone_code: 'Asia/Tokyo', ...body });
    const changed = await put({ contents: [c2, c1], dest: [p2] });
    expectOk(changed);
    expect(changed.json().data.contents.map((c: { content_id: string }) => c.content_id)).toEqual([c2, c1]);
    expect(changed.json().data.dest).toEqual([p2]);
    expectStatus(await put({ contents: [c1, live] }), 400);
    expectStatus(await put({ dest: [tall] }), 400);
    const old = await put({ contents: [c1, expired] });
    expectStatus(old, 400);
    expect(message(old)).toContain(MESSAGES.scheduleContentExpired);
    const list = (await call(w.t.app, mk, 'GET', `/api/schedules?device_code=${p1}`)).json().data;
    expect(list.schedules).toEqual([]);
  });
});
