import { AgentClientError, type AgentEvent, createAgentClient } from '@signage/agent-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { MODULES } from '../../src/registry';
import { type AppliedEvent, startSimulatedPlayer } from '../../src/simulator/simulatedPlayer';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { call, createBody, dayFrom, expectOk } from '../schedules/fixtures';
import { pairedPlayer, storedImage, testMedia } from './fixtures';

/**
 * The push channel GET /agent/v1/events through a real socket (Server-Sent Events stream; inject cannot).
 * Each test opens the channels it reads and asserts the events in the order PostgreSQL delivers them: a
 * player that should not hear of a change is shown to hear of a later one first.
 */
let t: TestApp;
let base: string;
let mk: string;
let it_: string;
const media = testMedia();

beforeAll(async () => {
  t = await createTestApp({ media });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  mk = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
  it_ = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
});
afterAll(async () => {
  await t?.close();
});

type Channel = { next: () => Promise<AgentEvent | null>; stop: () => void };

/** Opens a player's channel at `url` and reads its 'hello'. */
async function open(token: string, url = base): Promise<Channel> {
  const abort = new AbortController();
  const stream = createAgentClient({ baseUrl: url, token }).events(abort.signal);
  const next = async () => {
    const result = await stream.next();
    return result.done ? null : result.value;
  };
  const hello = await next();
  expect(hello?.event).toBe('hello');
  return { next, stop: () => abort.abort() };
}

async function schedule(dest: string[], contentIds: string[]) {
  const response = await call(
    t.app,
    mk,
    'POST',
    '/api/schedules',
    createBody(dest, contentIds, { available_date_from: dayFrom(0), download_allow_hour: '' }),
  );
  expectOk(response);
  return response.json().data.schedule_id as string;
}

/** An event's name and reason: a 'manifest' event also carries the player's manifest (tested below). */
const told = (event: AgentEvent | null) => ({
  event: event?.event,
  reason: (event?.data as { reason?: string } | undefined)?.reason,
});

const editMemo = (code: string, memo: string) =>
  t.app.inject({ method: 'PUT', url: `/api/devices/${code}`, headers: { cookie: it_ }, payload: { memo } });

describe('the push channel (GET /agent/v1/events)', () => {
  it('says hello with the player and the server time, and refuses a call without a valid token', async () => {
    const player = await pairedPlayer(t.db);
    const abort = new AbortController();
    const stream = createAgentClient({ baseUrl: base, token: player.token }).events(abort.signal);
    const hello = (await stream.next()).value as AgentEvent;
    expect(hello.event).toBe('hello');
    expect(hello.data).toMatchObject({ device_code: player.deviceCode });
    expect(Math.abs(Date.parse((hello.data as { server_time: string }).server_time) - Date.now())).toBeLessThan(60_000);
    abort.abort();
    const refused = createAgentClient({ baseUrl: base, token: 'not-a-token' }).events();
    await expect(refused.next()).rejects.toMatchObject({ status: 401 });
  });

  it("tells a schedule's players to collect, and only them", async () => {
    const a = await pairedPlayer(t.db);
    const b = await pairedPlayer(t.db);
    const image = await storedImage(t.db, media.blobs);
    const [channelA, channelB] = await Promise.all([open(a.token), open(b.token)]);
    const scheduleId = await schedule([a.deviceCode], [image.id]);
    expect(told(await channelA.next())).toEqual({ event: 'manifest', reason: 'schedule' });
    // B hears of its own (later) change first: the schedule's event was not sent to it.
    expect((await editMemo(b.deviceCode, 'moved')).statusCode).toBe(200);
    expect(told(await channelB.next())).toEqual({ event: 'manifest', reason: 'player' });

    // Moving the schedule from A to B tells both; deleting it tells B.
    expectOk(
      await call(t.app, mk, 'PUT', `/api/schedules/${scheduleId}`, { dest: [b.deviceCode], zone_code: 'Asia/Tokyo' }),
    );
    expect(told(await channelA.next())).toEqual({ event: 'manifest', reason: 'schedule' });
    expect(told(await channelB.next())).toEqual({ event: 'manifest', reason: 'schedule' });
    expectOk(await call(t.app, mk, 'DELETE', `/api/schedules/${scheduleId}`));
    expect(told(await channelB.next())).toEqual({ event: 'manifest', reason: 'schedule' });
    channelA.stop();
    channelB.stop();
  });

  it('tells the players of a renamed content to collect', async () => {
    const player = await pairedPlayer(t.db);
    const image = await storedImage(t.db, media.blobs);
    await schedule([player.deviceCode], [image.id]);
    const channel = await open(player.token);
    const [row] = await t.db.query.contents.findMany({ where: (c, { eq }) => eq(c.id, image.id) });
    const renamed = await call(t.app, mk, 'PUT', `/api/contents/${row!.key}`, { name: 'Winter sale' });
    expectOk(renamed);
    expect(told(await channel.next())).toEqual({ event: 'manifest', reason: 'content' });
    channel.stop();
  });

  it('a rolled-back write tells nobody', async () => {
    const player = await pairedPlayer(t.db);
    const channel = await open(player.token);
    // Tags that do not exist fail the edit inside its transaction, after the notify was queued.
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${player.deviceCode}`,
      headers: { cookie: it_ },
      payload: { memo: 'lost', tags: ['no-such-tag-id'] },
    });
    expect(refused.statusCode).toBe(400);
    expect((await editMemo(player.deviceCode, 'kept')).statusCode).toBe(200);
    expect(told(await channel.next())).toEqual({ event: 'manifest', reason: 'player' });
    channel.stop();
  });

  it('a deleted player gets revoked, its stream ends and its token is refused', async () => {
    const player = await pairedPlayer(t.db);
    const channel = await open(player.token);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/devices/${player.deviceCode}`,
      headers: { cookie: it_ },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await channel.next()).toEqual({ event: 'revoked', data: {} });
    expect(await channel.next()).toBeNull();
    const again = createAgentClient({ baseUrl: base, token: player.token }).events();
    await expect(again.next()).rejects.toBeInstanceOf(AgentClientError);
  });

  it('a second connection of the same player replaces the first', async () => {
    const player = await pairedPlayer(t.db);
    const first = await open(player.token);
    const second = await open(player.token);
    expect(await first.next()).toBeNull();
    expect((await editMemo(player.deviceCode, 'again')).statusCode).toBe(200);
    expect(told(await second.next())).toEqual({ event: 'manifest', reason: 'player' });
    second.stop();
  });

  it('reaches a stream opened on another server on the same database (LISTEN/NOTIFY, not memory)', async () => {
    const other: App = await buildApp({ config: t.config, db: t.db, modules: MODULES, media });
    try {
      const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
      const player = await pairedPlayer(t.db);
      const image = await storedImage(t.db, media.blobs);
      const channel = await open(player.token, otherBase);
      await schedule([player.deviceCode], [image.id]);
      expect(told(await channel.next())).toEqual({ event: 'manifest', reason: 'schedule' });
      // Closing a server with an open stream ends the stream instead of hanging.
      await other.close();
      expect(await channel.next()).toEqual({ event: 'reconnect', data: { reason: 'draining' } });
      expect(await channel.next()).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('a simulated player collects on push, verifies the media and confirms: the console sees it up to date', async () => {
    const player = await pairedPlayer(t.db);
    const image = await storedImage(t.db, media.blobs);
    const applied: AppliedEvent[] = [];
    let wake: (() => void) | undefined;
    const next = () => new Promise<void>((resolve) => (wake = resolve));
    let waiting = next();
    const simulated = startSimulatedPlayer({
      client: createAgentClient({ baseUrl: base, token: player.token }),
      download: true,
      onApplied: (event) => {
        applied.push(event);
        wake?.();
      },
    });
    try {
      await waiting; // the first manifest, collected on connect
      const first = applied.at(-1)!.version;
      waiting = next();
      await schedule([player.deviceCode], [image.id]);
      await waiting;
      // Collected because the push said 'schedule' (a poll's collection says 'poll'; the first poll is a
      // minute away), and what it applied is the new manifest.
      expect(applied.map((event) => event.reason)).toEqual(['connect', 'schedule']);
      expect(applied.at(-1)!.version).not.toBe(first);
      // Stopped before the console reads: a collection the player started meanwhile (another push or poll)
      // has then confirmed what it applied, so what the console shows and what the player holds are final.
      await simulated.stop();
      const shown = await t.app.inject({
        method: 'GET',
        url: `/api/devices/${player.deviceCode}`,
        headers: { cookie: it_ },
      });
      expect(shown.json().data.devices[0].delivery).toMatchObject({
        state: 'up_to_date',
        applied_version: simulated.applied,
      });
    } finally {
      await simulated.stop();
    }
  });
});
