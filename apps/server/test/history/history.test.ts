import { randomUUID } from 'node:crypto';
import { addUtcDays, DAY_MS, type TContentHistory, type TPlay, utcDay } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, pairedPlayer } from '../agent/fixtures';
import { call, expectOk, expectStatus, makeContent, schedulesWorld } from '../schedules/fixtures';

/**
 * Proof-of-play history (issue 12): plays players send come back in the history list, its detail, a player's
 * plays and the CSV exports, by UTC day, for DS_MK and DS_FRIT only.
 */
let world: Awaited<ReturnType<typeof schedulesWorld>>;
beforeAll(async () => {
  world = await schedulesWorld();
});
afterAll(async () => {
  await world?.t.close();
});

const today = () => utcDay();
const at = (day: string, time = '12:00:00.000') => `${day}T${time}Z`;
let sequences = new Map<string, number>();

/** Sends plays of `contentId` at the given instants, numbered after the player's previous ones. */
async function play(player: { token: string; deviceCode: string }, contentId: string, instants: string[]) {
  const first = sequences.get(player.deviceCode) ?? 0;
  const plays: TPlay[] = instants.map((started_at, i) => ({
    sequence: first + i + 1,
    content_id: contentId,
    schedule_id: null,
    started_at,
    utc_offset_minutes: 540,
    duration_ms: 10_000,
  }));
  sequences.set(player.deviceCode, first + instants.length);
  const response = await world.t.app.inject({
    method: 'POST',
    url: '/agent/v1/plays',
    headers: bearer(player.token),
    payload: { plays },
  });
  expectOk(response);
}

async function list(query: Record<string, string>, role: 'DS_MK' | 'DS_FRIT' = 'DS_MK') {
  const response = await call(
    world.t.app,
    await world.as(role),
    'GET',
    `/api/contents/history?${new URLSearchParams(query)}`,
  );
  expectOk(response);
  return response.json().data as {
    contentHistory: TContentHistory[];
    start_date: string;
    end_date: string;
    summary: { endCursor: string | null };
  };
}

const uniqueName = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

describe('the content history list', () => {
  it('answers players per UTC day over the default window (9 days back to today), with days, players and yesterday', async () => {
    sequences = new Map();
    const name = uniqueName('Autumn sale');
    const content = await makeContent(world.t.db, { name });
    const [a, b] = [
      await pairedPlayer(world.t.db),
      await pairedPlayer(world.t.db, { shopNo: '0002', shopName: 'Umeda' }),
    ];
    const yesterday = addUtcDays(today(), -1);
    await play(a, content, [at(yesterday), at(yesterday, '13:00:00.000'), at(today(), '00:00:00.000')]);
    await play(b, content, [at(yesterday), at(addUtcDays(today(), -3))]);
    // Outside the default window: ten days back.
    await play(b, content, [at(addUtcDays(today(), -10))]);

    const data = await list({ name });
    expect(data.start_date).toBe(addUtcDays(today(), -9));
    expect(data.end_date).toBe(today());
    expect(data.contentHistory).toHaveLength(1);
    const [row] = data.contentHistory as [TContentHistory];
    expect(row).toMatchObject({
      content_id: content,
      name,
      region: 'JP',
      deleted: false,
      real_days: 3,
      players: 2,
      yesterday_devices: 2,
      plays: 5,
    });
    expect(row.play_date).toHaveLength(10);
    expect(row.play_date[0]).toBe(addUtcDays(today(), -9));
    expect(row.play_date.at(-1)).toBe(today());
    const count = (day: string) => row.player_count[row.play_date.indexOf(day)];
    expect(count(yesterday)).toBe(2);
    expect(count(today())).toBe(1);
    expect(count(addUtcDays(today(), -3))).toBe(1);
    expect(count(addUtcDays(today(), -2))).toBe(0);

    // The ten-days-back play counts when the window reaches it.
    const wider = await list({ name, start_date: addUtcDays(today(), -10), end_date: addUtcDays(today(), -10) });
    expect(wider.contentHistory[0]).toMatchObject({ real_days: 1, players: 1, plays: 1, player_count: [1] });
  });

  it('counts a play on the UTC day it started: 23:59:59.999 on one day, 00:00 on the next', async () => {
    const name = uniqueName('Midnight');
    const content = await makeContent(world.t.db, { name });
    const player = await pairedPlayer(world.t.db);
    const day = addUtcDays(today(), -5);
    await play(player, content, [
      at(day, '23:59:59.999'),
      at(addUtcDays(day, 1), '00:00:00.000'),
      at(addUtcDays(day, 1), '00:00:01.000'),
    ]);
    const data = await list({ name, start_date: day, end_date: addUtcDays(day, 1) });
    expect(data.contentHistory[0]).toMatchObject({
      play_date: [day, addUtcDays(day, 1)],
      player_count: [1, 1],
      plays: 3,
    });
    const one = await list({ name, start_date: day, end_date: day });
    expect(one.contentHistory[0]).toMatchObject({ plays: 1, real_days: 1 });
  });

  it('counts a player in a window only when it played on a day inside it, across month ends', async () => {
    const name = uniqueName('Gaps');
    const content = await makeContent(world.t.db, { name });
    const [a, b] = [await pairedPlayer(world.t.db), await pairedPlayer(world.t.db)];
    // A: 3 and 28 September; B: 30 September and 1 October.
    await play(a, content, [at('2026-09-03'), at('2026-09-28')]);
    await play(b, content, [at('2026-09-30'), at('2026-10-01')]);
    const players = async (start_date: string, end_date: string) =>
      (await list({ name, start_date, end_date })).contentHistory[0]?.players ?? 0;
    expect(await players('2026-09-10', '2026-09-20')).toBe(0);
    expect(await players('2026-09-03', '2026-09-03')).toBe(1);
    expect(await players('2026-09-04', '2026-09-28')).toBe(1);
    expect(await players('2026-09-29', '2026-09-30')).toBe(1);
    expect(await players('2026-09-28', '2026-10-01')).toBe(2);
    expect(await players('2026-10-01', '2026-10-31')).toBe(1);
    expect(await players('2026-09-01', '2026-10-31')).toBe(2);
  });

  it('lists only contents that played in the window; a content that never played is absent', async () => {
    const name = uniqueName('Quiet');
    await makeContent(world.t.db, { name });
    expect((await list({ name })).contentHistory).toEqual([]);
  });

  it('keeps a deleted content with its name, marked deleted', async () => {
    const name = uniqueName('Gone');
    const content = await makeContent(world.t.db, { name });
    await play(await pairedPlayer(world.t.db), content, [at(today(), '01:00:00.000')]);
    expectOk(await call(world.t.app, await world.as('DS_FRIT'), 'DELETE', `/api/contents/${content}`));
    const [row] = (await list({ name })).contentHistory;
    expect(row).toMatchObject({ content_id: content, name, deleted: true, thumbnail_url: null, plays: 1 });
  });

  it('narrows to a chosen region and pages with a cursor', async () => {
    const label = uniqueName('Region');
    const jp = await makeContent(world.t.db, { name: `${label} JP`, region: 'JP' });
    const tw = await makeContent(world.t.db, { name: `${label} TW`, region: 'TW' });
    const player = await pairedPlayer(world.t.db);
    await play(player, jp, [at(today(), '02:00:00.000')]);
    await play(player, tw, [at(today(), '02:00:01.000')]);
    expect((await list({ name: label, region: 'TW' }, 'DS_FRIT')).contentHistory.map((r) => r.content_id)).toEqual([
      tw,
    ]);
    const first = await list({ name: label, limit: '1' });
    expect(first.contentHistory).toHaveLength(1);
    expect(first.summary.endCursor).not.toBeNull();
    const second = await list({ name: label, limit: '1', endCursor: first.summary.endCursor as string });
    expect([...first.contentHistory, ...second.contentHistory].map((r) => r.content_id).sort()).toEqual(
      [jp, tw].sort(),
    );
    expect(second.summary.endCursor).toBeNull();
  });

  it('is for DS_MK and DS_FRIT only', async () => {
    for (const role of ['DS_ST', 'DS_KT', 'DS_LHQBIZ', 'DS_LHQIT'] as const) {
      for (const url of ['/api/contents/history', '/api/contents/history/csv', `/api/playhistory?device_code=X1`]) {
        expectStatus(await call(world.t.app, await world.as(role), 'GET', url), 403);
      }
    }
    expect((await world.t.app.inject({ method: 'GET', url: '/api/contents/history' })).statusCode).toBe(401);
  });

  it('refuses a bad window or cursor with a clear message', async () => {
    const cookie = await world.as('DS_MK');
    const bad = async (query: string, message: string) => {
      const response = await call(world.t.app, cookie, 'GET', `/api/contents/history?${query}`);
      expectStatus(response, 400);
      expect(response.json().message).toContain(message);
    };
    await bad('start_date=2026-11-10&end_date=2026-11-01', 'The end date cannot be before the start date');
    await bad('start_date=2026-13-01', 'Dates must be written YYYY-MM-DD');
    // Both days malformed (the fuzzer's sample query once made this a 500).
    await bad('start_date=x&end_date=x', 'Dates must be written YYYY-MM-DD');
    await bad('start_date=2024-01-01&end_date=2026-01-01', 'The period can be at most 366 days');
    await bad('start_date=2020-01-01', 'The period can be at most 366 days');
    await bad('endCursor=nonsense', 'The request is not valid');
  });
});

describe('the content history detail', () => {
  it('lists the players that showed the content with their days, filtered by store name, store code and memo', async () => {
    const name = uniqueName('Detail');
    const content = await makeContent(world.t.db, { name });
    const ginza = await pairedPlayer(world.t.db, { shopNo: '0101', shopName: 'Ginza Flagship' });
    const namba = await pairedPlayer(world.t.db, { shopNo: '0202', shopName: 'Namba' });
    const d1 = addUtcDays(today(), -2);
    const d2 = addUtcDays(today(), -1);
    await play(ginza, content, [at(d1), at(d1, '13:00:00.000'), at(d2)]);
    await play(namba, content, [at(d2)]);
    const cookie = await world.as('DS_FRIT');
    const detail = async (query = '') => {
      const response = await call(world.t.app, cookie, 'GET', `/api/contents/history/${content}?${query}`);
      expectOk(response);
      return response.json().data;
    };
    const all = await detail();
    expect(all.content).toMatchObject({ content_id: content, name, players: 2 });
    expect(all.devices).toEqual([
      expect.objectContaining({
        device_code: ginza.deviceCode,
        shop_no: '0101',
        shop_name: 'Ginza Flagship',
        play_date: [d1, d2],
        plays: [2, 1],
      }),
      expect.objectContaining({ device_code: namba.deviceCode, shop_no: '0202', play_date: [d2], plays: [1] }),
    ]);
    expect((await detail('shop_name=flagship')).devices.map((d: { device_code: string }) => d.device_code)).toEqual([
      ginza.deviceCode,
    ]);
    expect((await detail('shop_no=202')).devices.map((d: { device_code: string }) => d.device_code)).toEqual([
      namba.deviceCode,
    ]);
    expect((await detail('memo=nothing-like-this')).devices).toEqual([]);
    const page = await detail('limit=1');
    expect(page.devices).toHaveLength(1);
    const rest = await detail(`limit=1&endCursor=${page.summary.endCursor}`);
    expect(rest.devices.map((d: { device_code: string }) => d.device_code)).toEqual([namba.deviceCode]);
    // By the content's key too; an unknown key is 404.
    expectStatus(await call(world.t.app, cookie, 'GET', `/api/contents/history/no-such-key`), 404);
  });

  it('exports CSV that matches what the screens show', async () => {
    const name = uniqueName('Csv, "quoted"');
    const content = await makeContent(world.t.db, { name });
    const player = await pairedPlayer(world.t.db, { shopNo: '0303', shopName: '=Shinjuku' });
    const day = addUtcDays(today(), -1);
    await play(player, content, [at(day), at(day, '14:00:00.000')]);
    const cookie = await world.as('DS_MK');
    const [row] = (await list({ name })).contentHistory as [TContentHistory];

    const response = await call(
      world.t.app,
      cookie,
      'GET',
      `/api/contents/history/csv?${new URLSearchParams({ name })}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment;');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      `content_id,name,type,display_pattern,region,updated_at,deleted,real_days,players,yesterday_devices,plays,${row.play_date.join(',')}`,
    );
    expect(lines[1]).toBe(
      [
        content,
        `"${name.replaceAll('"', '""')}"`,
        'image',
        '"Multi,CW"',
        'JP',
        row.updated_at,
        'false',
        row.real_days,
        row.players,
        row.yesterday_devices,
        row.plays,
        ...row.player_count,
      ].join(','),
    );

    const detail = await call(world.t.app, cookie, 'GET', `/api/contents/history/${content}/csv`);
    const detailLines = detail.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(detailLines).toHaveLength(2);
    const dates = row.play_date;
    // A store name that a spreadsheet would take for a formula is written as text.
    expect(detailLines[1]).toBe(
      [
        '0303',
        "'=Shinjuku",
        'JP',
        '',
        '9Unset',
        '',
        player.deviceCode,
        'false',
        1,
        ...dates.map((d) => (d === day ? 2 : 0)),
      ].join(','),
    );
  });
});

describe("a player's plays (GET /api/playhistory)", () => {
  it('answers its plays newest first with the content name, the acknowledged mark and pages', async () => {
    const name = uniqueName('Plays');
    const content = await makeContent(world.t.db, { name });
    const player = await pairedPlayer(world.t.db);
    const base = Date.now() - DAY_MS;
    await play(
      player,
      content,
      [0, 1, 2].map((i) => new Date(base + i * 10_000).toISOString()),
    );
    const cookie = await world.as('DS_MK');
    const response = await call(
      world.t.app,
      cookie,
      'GET',
      `/api/playhistory?device_code=${player.deviceCode}&limit=2`,
    );
    expectOk(response);
    const data = response.json().data;
    expect(data.acked).toBe(3);
    expect(data.plays.map((p: { sequence: number }) => p.sequence)).toEqual([3, 2]);
    expect(data.plays[0]).toMatchObject({
      content_id: content,
      content_name: name,
      duration_ms: 10_000,
      utc_offset_minutes: 540,
    });
    const next = await call(
      world.t.app,
      cookie,
      'GET',
      `/api/playhistory?device_code=${player.deviceCode}&limit=2&endCursor=${data.summary.endCursor}`,
    );
    expect(next.json().data.plays.map((p: { sequence: number }) => p.sequence)).toEqual([1]);
    expectStatus(await call(world.t.app, cookie, 'GET', '/api/playhistory?device_code=NOPE404'), 404);
    expectStatus(
      await call(world.t.app, cookie, 'GET', `/api/playhistory?device_code=${player.deviceCode}&endCursor=x`),
      400,
    );
  });
});
