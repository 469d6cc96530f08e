import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../../src/blob';
import { putFloorMap } from '../../src/modules/floormap/service';
import { createTestApp, createUser, loginAs, type TestApp, tempDir } from '../helpers';
import { activePlayer, query } from './fixtures';

let t: TestApp;
const cookies: Record<string, string> = {};
let player: { device_code: string; token: string };

const LOGS = [
  {
    name: 'boot.log',
    level: 'INFO',
    started_at: '2026-01-01T08:00:00Z',
    ended_at: '2026-01-01T09:00:00Z',
    content: 'booted\n',
  },
  {
    name: 'net.log',
    level: 'WARNING',
    started_at: '2026-01-02T10:00:00Z',
    ended_at: '2026-01-02T12:00:00Z',
    content: 'slow network\n',
  },
  {
    name: 'crash.log',
    level: 'ERROR',
    started_at: '2026-01-03T23:30:00Z',
    ended_at: '2026-01-04T00:30:00Z',
    content: 'crashed\n',
  },
];

beforeAll(async () => {
  t = await createTestApp();
  cookies.frit = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
  cookies.mk = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
  cookies.st = await loginAs(t.app, await createUser(t.db, { role: 'DS_ST', region: 'JP', shopNo: '0012' }));
  cookies.kt = await loginAs(t.app, await createUser(t.db, { role: 'DS_KT', region: 'US' }));
  player = await activePlayer(t.app, cookies.frit, { region: 'JP', shop_no: '0012' });
  for (const log of LOGS) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/logs',
      headers: { authorization: `Bearer ${player.token}` },
      payload: log,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

const list = (params: Record<string, string | number | undefined>, user = 'frit') =>
  t.app.inject({
    method: 'GET',
    url: `/api/devices/logs?${query({ device_code: player.device_code, ...params })}`,
    headers: { cookie: cookies[user]! },
  });
const namesOf = async (params: Record<string, string | number | undefined>) =>
  (await list(params)).json().data.logs.map((log: { name: string }) => log.name);

describe('player logs (GET /api/devices/logs)', () => {
  it.each([
    [{}, ['crash.log', 'net.log', 'boot.log']],
    [{ order: 'ASC' }, ['boot.log', 'net.log', 'crash.log']],
    [{ level: 'WARNING' }, ['net.log']],
    [{ level: 'ALL' }, ['crash.log', 'net.log', 'boot.log']],
    [{ start: '2026-01-02 11:00', end: '2026-01-03 23:00' }, ['net.log']],
    [{ start: '2026-01-04 00:00' }, ['crash.log']],
    [{ end: '2026-01-01 08:00' }, ['boot.log']],
    [{ start: '2026-01-02 00:00', end: '2026-01-01 00:00' }, []],
    [{ start: '2026-01-01 08:30', end: '2026-01-01 00:00' }, ['boot.log']],
    [{ level: 'ERROR', start: '2026-01-01 00:00', end: '2026-01-02 00:00' }, []],
  ])('%j -> %j', async (params, expected) => {
    expect(await namesOf(params)).toEqual(expected);
  });

  it('pages by cursor', async () => {
    const first = (await list({ limit: 2 })).json().data;
    expect(first.summary.moreResults).toBe('MORE_RESULTS_AFTER_LIMIT');
    const second = (await list({ limit: 2, endCursor: first.summary.endCursor })).json().data;
    expect(second.logs.map((l: { name: string }) => l.name)).toEqual(['boot.log']);
    expect(second.summary.moreResults).toBe('NO_MORE_RESULTS');
  });

  it('is for DS_FRIT only and refuses bad input with 400', async () => {
    expect((await list({}, 'mk')).statusCode).toBe(403);
    expect((await list({}, 'st')).statusCode).toBe(403);
    expect((await list({ start: '2026-01-01T00:00' })).statusCode).toBe(400);
    expect((await list({ level: 'DEBUG' })).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/devices/logs?device_code=DVNOPE',
      headers: { cookie: cookies.frit! },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('log download (POST /api/devices/logs/download)', () => {
  const download = (payload: object, user = 'frit') =>
    t.app.inject({ method: 'POST', url: '/api/devices/logs/download', headers: { cookie: cookies[user]! }, payload });

  it('downloads one log as text named region_shop_device_YYYYMMDDHHmm.log', async () => {
    const logs = (await list({ level: 'WARNING' })).json().data.logs;
    const response = await download({ device_code: player.device_code, log_id: logs[0].log_id, name: 'net.log' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('slow network\n');
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="JP_0012_${player.device_code}_202601021000.log"`,
    );
  });

  it('downloads all logs matching the filter in one file', async () => {
    const response = await download({
      device_code: player.device_code,
      downloadAll: true,
      order: 'ASC',
      start: '2026-01-02 00:00',
      end: '2026-01-05 00:00',
      level: 'ALL',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('slow network');
    expect(response.body).toContain('crashed');
    expect(response.body).not.toContain('booted');
    expect(response.body.indexOf('net.log')).toBeLessThan(response.body.indexOf('crash.log'));
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`filename="JP_0012_${player.device_code}_\\d{12}\\.log"`),
    );
  });

  it('answers unknown logs with 404, bad bodies with 400 and other roles with 403', async () => {
    const unknown = '44444444-4444-4444-8444-444444444444';
    expect((await download({ device_code: player.device_code, log_id: unknown })).statusCode).toBe(404);
    expect((await download({ device_code: player.device_code, log_id: 'x' })).statusCode).toBe(400);
    expect((await download({ device_code: player.device_code })).statusCode).toBe(400);
    expect((await download({ device_code: player.device_code, log_id: unknown }, 'mk')).statusCode).toBe(403);
  });
});

describe('floor maps', () => {
  const fetchMap = (user: string, region: string, shop: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/floormap/${region}/${shop}/floormap.pdf`,
      headers: { cookie: cookies[user]! },
    });

  it('are uploaded as PDF and served to users allowed to see the shop', async () => {
    const dir = tempDir();
    const pdf = path.join(dir, 'map.pdf');
    fs.writeFileSync(pdf, '%PDF-1.4\n% floor map\n');
    const notPdf = path.join(dir, 'map.txt');
    fs.writeFileSync(notPdf, 'hello');
    const blobs = createBlobStore(t.config.storageUrl, t.config.dataDir);
    await expect(putFloorMap(blobs, { region: 'JP', shopNo: '12', file: notPdf })).rejects.toThrow('not a PDF');
    await expect(putFloorMap(blobs, { region: 'JP', shopNo: '12345', file: pdf })).rejects.toThrow();
    expect((await putFloorMap(blobs, { region: 'jp', shopNo: '12', file: pdf })).key).toBe(
      'floormap/JP/0012/floormap.pdf',
    );
    const mine = await fetchMap('st', 'JP', '0012');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.body).toContain('%PDF-1.4');
    expect((await fetchMap('mk', 'JP', '0012')).statusCode).toBe(200);
    expect((await fetchMap('st', 'JP', '0034')).statusCode).toBe(403);
    expect((await fetchMap('kt', 'JP', '0012')).statusCode).toBe(403);
    expect((await fetchMap('mk', 'JP', '0034')).statusCode).toBe(404);
    expect((await fetchMap('mk', 'XX', '0034')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/floormap/JP/0012/floormap.pdf' })).statusCode).toBe(401);
  });
});
