import { type AgentEvent, createAgentClient } from '@signage/agent-client';
import { ZAgentManifestEvent } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePushedManifests } from '../../src/agent/pushManifests';
import { listenForPush, notifyPlayers, PushHub, type PushStream, RESOLVE_AT_ONCE } from '../../src/push';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { call, createBody, dayFrom, expectOk } from '../schedules/fixtures';
import { pairedPlayer, storedImage, testMedia } from './fixtures';

/**
 * Push fan-out (issue 32 item 4): a change carries each connected player's new manifest, resolved in one
 * batch by the server holding its channel, and a change for many players names them instead of telling
 * every connected player to collect.
 */
let t: TestApp;
let base: string;
let mk: string;
const media = testMedia();

beforeAll(async () => {
  t = await createTestApp({ media });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  mk = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
});
afterAll(async () => {
  await t?.close();
});

async function open(token: string) {
  const abort = new AbortController();
  const stream = createAgentClient({ baseUrl: base, token }).events(abort.signal);
  const next = async () => ((await stream.next()).value ?? null) as AgentEvent | null;
  expect((await next())?.event).toBe('hello');
  return { next, stop: () => abort.abort() };
}

/** A stream that records what the hub sends it. */
function recorder() {
  const sent: { event: string; data: unknown }[] = [];
  let wake: (() => void) | undefined;
  const stream: PushStream = {
    send: (event, data) => {
      sent.push({ event, data });
      wake?.();
    },
    close: () => undefined,
  };
  const until = (count: number) =>
    sent.length >= count
      ? Promise.resolve()
      : new Promise<void>((resolve) => (wake = () => sent.length >= count && resolve()));
  return { sent, stream, until };
}

describe('push fan-out', () => {
  it('sends each player of a change its new manifest, the one its collect answers, and records it as served', async () => {
    const a = await pairedPlayer(t.db);
    const b = await pairedPlayer(t.db);
    const image = await storedImage(t.db, media.blobs);
    const [channelA, channelB] = await Promise.all([open(a.token), open(b.token)]);
    expectOk(
      await call(
        t.app,
        mk,
        'POST',
        '/api/schedules',
        createBody([a.deviceCode, b.deviceCode], [image.id], {
          available_date_from: dayFrom(0),
          download_allow_hour: '',
        }),
      ),
    );
    for (const [player, channel] of [
      [a, channelA],
      [b, channelB],
    ] as const) {
      const event = await channel.next();
      expect(event?.event).toBe('manifest');
      const pushed = ZAgentManifestEvent.parse(event?.data);
      expect(pushed.reason).toBe('schedule');
      expect(pushed.manifest?.device_code).toBe(player.deviceCode);
      expect(pushed.manifest?.schedules.map((s) => s.media.map((m) => m.content_id))).toEqual([[image.id]]);
      const client = createAgentClient({ baseUrl: base, token: player.token });
      // The version it holds now is current: a poll with it is answered 304 from the player's row.
      expect(await client.manifest(pushed.manifest?.version)).toMatchObject({ changed: false });
      // And a collect without it answers the same manifest (only the server time differs).
      const collected = await client.manifest();
      if (!collected.changed) throw new Error('a collect without a version answers the manifest');
      const { server_time: _a, ...sent } = pushed.manifest ?? { server_time: '' };
      const { server_time: _b, ...answered } = collected.manifest;
      expect(sent).toEqual(answered);
      channel.stop();
    }
  });

  it('resolves a batch of players in several zones and schedule sets, each the manifest its own collect answers', async () => {
    // Two zones (one with daylight saving), two stores, and one player with a schedule more than the others:
    // what the batch works out once per zone and schedule set must not carry over to another player.
    const zones = ['Asia/Tokyo', 'Asia/Tokyo', 'America/New_York', 'America/New_York', 'Asia/Tokyo'];
    const players = [];
    for (const [i, timeZone] of zones.entries()) {
      players.push(await pairedPlayer(t.db, { timeZone, shopName: i % 2 ? 'Umeda' : 'Ginza' }));
    }
    const [first, second] = [await storedImage(t.db, media.blobs), await storedImage(t.db, media.blobs)];
    const all = players.map((p) => p.deviceCode);
    const now = { available_date_from: dayFrom(0), download_allow_hour: '' };
    expectOk(await call(t.app, mk, 'POST', '/api/schedules', createBody(all, [first.id], now)));
    const last = players.at(-1)?.deviceCode as string;
    expectOk(await call(t.app, mk, 'POST', '/api/schedules', createBody([last], [second.id, first.id], now)));
    const pushed = await resolvePushedManifests(t.db, all);
    expect([...pushed.keys()].sort()).toEqual([...all].sort());
    for (const player of players) {
      const collected = await createAgentClient({ baseUrl: base, token: player.token }).manifest();
      if (!collected.changed) throw new Error('a collect without a version answers the manifest');
      const { server_time: _a, ...sent } = pushed.get(player.deviceCode) ?? { server_time: '' };
      const { server_time: _b, ...answered } = collected.manifest;
      expect(sent).toEqual(answered);
    }
    expect(pushed.get(last)?.schedules.map((s) => s.media.map((m) => m.content_id))).toEqual([
      [second.id, first.id],
      [first.id],
    ]);
  });

  it('names the players of a change for more than 5,000: a connected player it does not name hears nothing', async () => {
    const hub = new PushHub();
    const listener = await listenForPush(t.db, hub, t.app.log);
    try {
      const named = recorder();
      const other = recorder();
      hub.subscribe('FANOUT-IN', named.stream);
      hub.subscribe('FANOUT-OUT', other.stream);
      const codes = [...Array.from({ length: 6000 }, (_, i) => `FANOUT-${String(i).padStart(5, '0')}`), 'FANOUT-IN'];
      await t.db.transaction((tx) => notifyPlayers(tx, codes, 'schedule'));
      // Then a change for the other player alone: it is the first thing that player hears.
      await t.db.transaction((tx) => notifyPlayers(tx, ['FANOUT-OUT'], 'marker'));
      await Promise.all([named.until(1), other.until(1)]);
      expect(named.sent).toEqual([{ event: 'manifest', data: { reason: 'schedule' } }]);
      expect(other.sent).toEqual([{ event: 'manifest', data: { reason: 'marker' } }]);
    } finally {
      await listener.close();
    }
  });

  it('tells a player to collect when its manifest could not be resolved', async () => {
    const hub = new PushHub();
    const a = recorder();
    const b = recorder();
    hub.subscribe('A', a.stream);
    hub.subscribe('B', b.stream);
    hub.resolveManifestsWith(
      async (codes) => new Map(codes.filter((c) => c === 'A').map((c) => [c, { version: 'v' }])),
    );
    await hub.deliver({ k: 'm', d: ['A', 'B', 'C'], r: 'schedule' });
    expect(a.sent).toEqual([{ event: 'manifest', data: { reason: 'schedule', manifest: { version: 'v' } } }]);
    expect(b.sent).toEqual([{ event: 'manifest', data: { reason: 'schedule' } }]);
    hub.resolveManifestsWith(() => Promise.reject(new Error('database away')));
    await hub.deliver({ k: 'm', d: ['A'], r: 'content' });
    expect(a.sent.at(-1)).toEqual({ event: 'manifest', data: { reason: 'content' } });
  });
});

describe('push fan-out, batches at a time', () => {
  it(`resolves at most ${RESOLVE_AT_ONCE} batches at once, and every batch in turn`, async () => {
    const hub = new PushHub();
    const streams = Array.from({ length: 12 }, (_, i) => {
      const r = recorder();
      hub.subscribe(`P${i}`, r.stream);
      return r;
    });
    const started: (() => void)[] = [];
    let most = 0;
    hub.resolveManifestsWith(
      (codes) =>
        new Promise((resolve) => {
          started.push(() => resolve(new Map(codes.map((c) => [c, { version: c }]))));
          most = Math.max(most, hub.pending.resolving);
        }),
    );
    const delivered = streams.map((_, i) => hub.deliver({ k: 'm', d: [`P${i}`], r: 'schedule' }));
    // The first four are resolving, the other eight wait.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(RESOLVE_AT_ONCE);
    expect(hub.pending).toEqual({ resolving: RESOLVE_AT_ONCE, waiting: 12 - RESOLVE_AT_ONCE });
    // Each finished batch lets the next one start.
    for (let done = 0; done < 12; done++) {
      started[done]?.();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await Promise.all(delivered);
    expect(most).toBe(RESOLVE_AT_ONCE);
    expect(started).toHaveLength(12);
    expect(hub.pending).toEqual({ resolving: 0, waiting: 0 });
    streams.forEach((r, i) => {
      expect(r.sent).toEqual([{ event: 'manifest', data: { reason: 'schedule', manifest: { version: `P${i}` } } }]);
    });
  });
});
