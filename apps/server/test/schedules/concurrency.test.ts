import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionRetries } from '../../src/db/retry';
import { call, createBody, makeContent, makePlayer, schedulesWorld } from './fixtures';

/**
 * Schedule writes that share players, run at once (issue 30, item 3): on PostgreSQL each request is its own
 * transaction on its own pooled connection, so creates, updates, duplicates and deletes of schedules on the
 * same players, and the other writes that mark those players' manifests changed, contend for the same rows
 * and locks. None may answer 5xx (a deadlock was answered 500), none may need the transaction retry (every
 * writer keeps the lock order), and what is stored afterwards must be what the answers said.
 */

let w: Awaited<ReturnType<typeof schedulesWorld>>;
beforeAll(async () => {
  w = await schedulesWorld();
});
afterAll(() => w.t.close());

type Answer = { statusCode: number; body: string; json: () => unknown };
type Schedule = { schedule_id: string; schedule_name: string; dest: string[] };
type Sent = { kind: string; response: Answer };
const dataOf = (response: Answer) => (response.json() as { data: Schedule }).data;
const failures = (answers: Sent[], ok: (sent: Sent) => boolean) =>
  answers.filter((sent) => !ok(sent)).map(({ kind, response }) => `${kind} ${response.statusCode} ${response.body}`);

/** Rounds of concurrent writes; each round mixes every kind of write on the same players. */
const ROUNDS = 4;

describe('concurrent schedule writes on shared players', () => {
  it('answers every create, update, duplicate and delete without a 5xx, and stores what they answered', async () => {
    const mk = await w.as('DS_MK');
    const frit = await w.as('DS_FRIT');
    const retriesBefore = transactionRetries();
    const players = [] as string[];
    for (let i = 0; i < 4; i++) players.push(await makePlayer(w.t.db));
    const [a, b, c, d] = players as [string, string, string, string];
    const content = await makeContent(w.t.db);
    // Player sets in different orders and overlaps, so that writers meet on the players in different orders.
    const sets = [
      [a, b, c, d],
      [d, c, b, a],
      [b, d],
      [c, a],
      [a, d],
      [d, b, c],
    ];
    const setOf = (i: number) => sets[i % sets.length] as string[];

    const alive = new Map<string, Schedule>();
    for (let i = 0; i < 8; i++) {
      const created = await call(w.t.app, mk, 'POST', '/api/schedules', createBody(setOf(i), [content]));
      expect(created.statusCode, created.body).toBe(200);
      alive.set(dataOf(created).schedule_id, dataOf(created));
    }

    const answers: Sent[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const ids = [...alive.keys()];
      const writes: Promise<Sent>[] = [];
      const send = (kind: string, cookie: string, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
        writes.push(call(w.t.app, cookie, method, url, body).then((response) => ({ kind, response })));
      for (let i = 0; i < 4; i++) send('create', mk, 'POST', '/api/schedules', createBody(setOf(round + i), [content]));
      ids.slice(0, 4).forEach((id, i) => {
        send('update', mk, 'PUT', `/api/schedules/${id}`, {
          zone_code: 'Asia/Tokyo',
          dest: setOf(round + i + 1),
          available_time_from: `${String(8 + i).padStart(2, '0')}:00`,
          available_time_to: '20:00',
        });
      });
      for (const id of ids.slice(4, 6)) {
        send('duplicate', mk, 'POST', `/api/schedules/${id}/duplicate`, createBody(setOf(round + 2), [content]));
      }
      const doomed = ids.slice(6, 8);
      for (const id of doomed) send('delete', mk, 'DELETE', `/api/schedules/${id}`);
      // Other writers of the same players' manifests: a content edit, a player edit.
      send('content edit', frit, 'PUT', `/api/contents/${content}`, { name: `Content round ${round}` });
      send('player edit', frit, 'PUT', `/api/devices/${setOf(round)[0]}`, { memo: `round ${round}` });
      const settled = await Promise.all(writes);
      answers.push(...settled);
      for (const { kind, response } of settled) {
        if (kind === 'delete' || !['create', 'update', 'duplicate'].includes(kind)) continue;
        if (response.statusCode === 200) alive.set(dataOf(response).schedule_id, dataOf(response));
      }
      for (const id of doomed) alive.delete(id);
    }
    expect(failures(answers, ({ response }) => response.statusCode === 200)).toEqual([]);
    expect(answers).toHaveLength(ROUNDS * 14);
    expect(transactionRetries() - retriesBefore).toBe(0);

    // The end state: every schedule answered last is stored with the players it was answered with, and
    // every player lists exactly the schedules that name it.
    for (const [id, schedule] of alive) {
      const read = await call(w.t.app, mk, 'GET', `/api/schedules/${id}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(dataOf(read).dest).toEqual([...schedule.dest].sort());
    }
    for (const player of players) {
      const list = await call(w.t.app, mk, 'GET', `/api/schedules?device_code=${player}`);
      expect(list.statusCode, list.body).toBe(200);
      const listed = (list.json() as { data: { schedules: Schedule[] } }).data.schedules.map((s) => s.schedule_id);
      const expected = [...alive.values()].filter((s) => s.dest.includes(player)).map((s) => s.schedule_id);
      expect([...listed].sort()).toEqual(expected.sort());
    }
  }, 120_000);

  it('deletes a player while its schedules are written: no 5xx, and it is left on no schedule', async () => {
    const mk = await w.as('DS_MK');
    const frit = await w.as('DS_FRIT');
    const retriesBefore = transactionRetries();
    const [a, b, gone] = [await makePlayer(w.t.db), await makePlayer(w.t.db), await makePlayer(w.t.db)];
    const content = await makeContent(w.t.db);
    const ids: string[] = [];
    for (const dest of [[a, gone], [gone, b], [gone], [b, gone, a], [a, b]]) {
      const created = await call(w.t.app, mk, 'POST', '/api/schedules', createBody(dest, [content]));
      expect(created.statusCode, created.body).toBe(200);
      ids.push(dataOf(created).schedule_id);
    }
    const writes: Promise<Sent>[] = ids.map((id, i) =>
      call(w.t.app, mk, 'PUT', `/api/schedules/${id}`, {
        zone_code: 'Asia/Tokyo',
        available_time_from: `${String(8 + i).padStart(2, '0')}:00`,
        available_time_to: '20:00',
      }).then((response) => ({ kind: `update ${i}`, response })),
    );
    writes.push(
      call(w.t.app, frit, 'DELETE', `/api/devices/${gone}`).then((response) => ({ kind: 'player delete', response })),
      call(w.t.app, mk, 'POST', '/api/schedules', createBody([a, b], [content])).then((response) => ({
        kind: 'create',
        response,
      })),
    );
    const answers = await Promise.all(writes);
    // Schedule 2 played on the deleted player only, and went with it: its update may find it no more.
    const ok = ({ kind, response }: Sent) =>
      response.statusCode === 200 || (kind === 'update 2' && response.statusCode === 404);
    expect(failures(answers, ok)).toEqual([]);
    expect(transactionRetries() - retriesBefore).toBe(0);
    for (const id of ids) {
      const read = await call(w.t.app, mk, 'GET', `/api/schedules/${id}`);
      if (id === ids[2]) expect(read.statusCode).toBe(404);
      else expect(dataOf(read).dest).not.toContain(gone);
    }
    expect((await call(w.t.app, mk, 'GET', `/api/schedules?device_code=${gone}`)).statusCode).toBe(404);
  });
});
