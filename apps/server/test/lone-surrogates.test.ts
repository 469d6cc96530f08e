import { MESSAGES } from '@signage/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contents, devices, schedules } from '../src/db/schema';
import { createTestApp, createUser, loginAs, type TestApp } from './helpers';
import { createBody, makeContent, makePlayer } from './schedules/fixtures';

// Issue 30 item 2: a lone surrogate in these fields passed the schemas and failed the audit log's jsonb
// insert (500). Every request string is a well-formed-string type now (ZText): 400, and nothing changes.
let t: TestApp;
let cookie: string;
let player: string;
let content: string;
let live: string;
let schedule: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
  player = await makePlayer(t.db);
  content = await makeContent(t.db);
  live = await makeContent(t.db, { type: 'stream' });
  const created = await send('POST', '/api/schedules', createBody([player], [content]));
  expect(created.statusCode, created.body).toBe(200);
  schedule = created.json().data.schedule_id;
});
afterAll(() => t?.close());

function send(method: 'POST' | 'PUT', url: string, payload: object) {
  return t.app.inject({ method, url, headers: { cookie }, payload });
}

const keyOf = async (id: string) => {
  const [row] = await t.db.select({ key: contents.key }).from(contents).where(eq(contents.id, id));
  return row?.key ?? '';
};

/** Everything the refused requests could have changed. */
async function snapshot() {
  const [audits] = await t.db.select({ n: count() }).from(auditLog);
  return {
    audits: audits?.n,
    devices: await t.db.select().from(devices),
    contents: await t.db.select().from(contents),
    schedules: await t.db.select().from(schedules),
  };
}

const POISONS = ['\ud800', '\udfff', `Sale \ud83d here`, `end\udc00`];

describe('lone surrogates in ordinary text fields', () => {
  it('are answered 400 with the catalogue message in the fields that answered 500', async () => {
    const cases: [string, 'POST' | 'PUT', string, (value: string) => object][] = [
      ['PUT /api/devices memo', 'PUT', `/api/devices/${player}`, (memo) => ({ memo })],
      ['PUT /api/devices shop_name', 'PUT', `/api/devices/${player}`, (shop_name) => ({ shop_name })],
      ['PUT /api/contents name', 'PUT', `/api/contents/${await keyOf(content)}`, (name) => ({ name })],
      [
        'PUT /api/contents zone_code',
        'PUT',
        `/api/contents/${await keyOf(live)}`,
        (zone_code) => ({ name: 'Live', zone_code }),
      ],
      ['PUT /api/contents title', 'PUT', `/api/contents/${await keyOf(live)}`, (title) => ({ name: 'Live', title })],
      [
        'PUT /api/contents bambuser_showId',
        'PUT',
        `/api/contents/${await keyOf(live)}`,
        (bambuser_showId) => ({ name: 'Live', bambuser_showId }),
      ],
    ];
    for (const field of ['schedule_name', 'playlist_name']) {
      const body = (value: string) => createBody([player], [content], { [field]: value });
      cases.push(
        [`schedule create ${field}`, 'POST', '/api/schedules', body],
        [`schedule update ${field}`, 'PUT', `/api/schedules/${schedule}`, body],
        [`schedule duplicate ${field}`, 'POST', `/api/schedules/${schedule}/duplicate`, body],
      );
    }
    for (const [label, method, url, body] of cases) {
      for (const poison of POISONS) {
        const response = await send(method, url, body(poison));
        expect(response.statusCode, `${label} ${JSON.stringify(poison)}: ${response.body}`).toBe(400);
        expect(response.json(), label).toEqual({ result: 'Failure', message: MESSAGES.illFormedText, data: null });
      }
      // The same request with well-formed text is one the server takes (so the 400 above was the text's).
      const clean = await send(method, url, body(`${label} ✓ 😀`));
      expect(clean.statusCode, `${label}: ${clean.body}`).toBe(200);
    }
  });

  it('refuse every poisoned request before anything is written', async () => {
    const before = await snapshot();
    for (const poison of POISONS) {
      expect((await send('PUT', `/api/devices/${player}`, { memo: poison })).statusCode).toBe(400);
      expect(
        (await send('POST', '/api/schedules', createBody([player], [content], { schedule_name: poison }))).statusCode,
      ).toBe(400);
      expect((await send('PUT', `/api/contents/${await keyOf(content)}`, { name: poison })).statusCode).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});
