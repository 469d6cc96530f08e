import { randomUUID } from 'node:crypto';
import { MESSAGES, type TPlay } from '@signage/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { contents, liveBroadcasts } from '../../src/db/schema';
import { METRICS_TOKEN_REQUIRED, UNMATCHED_ROUTE } from '../../src/metrics';
import { bearer, pairedPlayer } from '../agent/fixtures';
import { createTestApp, type TestApp } from '../helpers';
import { agentClient, announce, heartbeatCall, nextSerial, setDevice } from '../players/fixtures';
import { makeContent, makePlayer } from '../schedules/fixtures';
import { parseExposition, sampleValue } from './format';

const TOKEN = 'scrape-token-0123456789abcdef';

const logged: string[] = [];
let off: TestApp;
let on: TestApp;
beforeAll(async () => {
  [off, on] = await Promise.all([
    createTestApp(),
    createTestApp({
      config: { metricsToken: TOKEN, logLevel: 'info' },
      logStream: { write: (line) => logged.push(line) },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([off?.close(), on?.close()]);
});

const scrape = (t: TestApp, headers: Record<string, string> = bearer(TOKEN)) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers });

async function samples() {
  const response = await scrape(on);
  expect(response.statusCode, response.body).toBe(200);
  return parseExposition(response.body);
}

describe('METRICS_TOKEN', () => {
  it('is off when unset: /metrics answers 404 as an unknown URL does, to a browser too', async () => {
    for (const headers of [{}, bearer(TOKEN), { accept: 'text/html' }] as Record<string, string>[]) {
      const response = await scrape(off, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ result: 'Failure', message: MESSAGES.notFound, data: null });
    }
  });

  it('refuses a token shorter than 16 characters, longer than 256, or with spaces, at start', () => {
    for (const token of ['short-token', 'x'.repeat(257), 'has a space in it, sixteen+']) {
      expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN must be 16-256 visible ASCII/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it('answers 401 without the token, with a wrong one or another scheme, and tells nothing else', async () => {
    const wrong = [
      {},
      bearer('scrape-token-0123456789abcdeX'),
      bearer(`${TOKEN}x`),
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of wrong) {
      const response = await scrape(on, headers);
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe(METRICS_TOKEN_REQUIRED);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
  });

  it('answers the text format with the right token (the scheme in any case)', async () => {
    const response = await scrape(on, { authorization: `bearer ${TOKEN}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const parsed = parseExposition(response.body);
    for (const name of ['process_cpu_user_seconds_total', 'signage_push_connections', 'signage_db_pool_waiting']) {
      expect(parsed.some((s) => s.name === name)).toBe(true);
    }
  });

  it('logs an answered scrape at debug only, a refused one at info', async () => {
    const scrapeLines = () =>
      logged
        .map((line) => JSON.parse(line) as { level: number; req?: { url?: string } })
        .filter((l) => l.req?.url === '/metrics');
    logged.length = 0;
    expect((await scrape(on)).statusCode).toBe(200);
    expect(scrapeLines()).toEqual([]);
    expect((await scrape(on, {})).statusCode).toBe(401);
    expect(scrapeLines().map((line) => line.level)).toEqual([30]);
  });
});

describe('requests', () => {
  it('counts each request under its route pattern and status, never its raw URL', async () => {
    const count = async (labels: Record<string, string>) =>
      sampleValue(await samples(), 'http_request_duration_seconds_count', labels) ?? 0;
    const live = { method: 'GET', route: '/api/health/live', status: '200' };
    const device = { method: 'GET', route: '/api/devices/:device_code', status: '401' };
    const unknown = { method: 'GET', route: UNMATCHED_ROUTE, status: '404' };
    const before = { live: await count(live), device: await count(device), unknown: await count(unknown) };

    await on.app.inject({ method: 'GET', url: '/api/health/live' });
    await on.app.inject({ method: 'GET', url: '/api/health/live' });
    await on.app.inject({ method: 'GET', url: '/api/devices/RAWCODE123' });
    await on.app.inject({ method: 'GET', url: '/no/such/raw-address-456' });

    const body = (await scrape(on)).body;
    const after = parseExposition(body);
    expect(sampleValue(after, 'http_request_duration_seconds_count', live)).toBe(before.live + 2);
    expect(sampleValue(after, 'http_request_duration_seconds_count', device)).toBe(before.device + 1);
    expect(sampleValue(after, 'http_request_duration_seconds_count', unknown)).toBe(before.unknown + 1);
    expect(sampleValue(after, 'http_request_duration_seconds_bucket', { ...live, le: '+Inf' })).toBe(before.live + 2);
    expect(body).not.toContain('RAWCODE123');
    expect(body).not.toContain('raw-address-456');
  });

  it('times database statements and shows the pool', async () => {
    const parsed = await samples();
    const kind = process.env.TEST_DATABASE_URL ? 'pg' : 'pglite';
    expect(sampleValue(parsed, 'signage_db_query_duration_seconds_count', { database: kind })).toBeGreaterThan(0);
    expect(sampleValue(parsed, 'signage_db_pool_connections', { database: kind, state: 'max' })).toBe(
      kind === 'pg' ? 10 : 1,
    );
    expect(sampleValue(parsed, 'signage_db_pool_waiting', { database: kind })).toBe(0);
  });
});

const play = (sequence: number): TPlay => ({
  sequence,
  content_id: randomUUID(),
  schedule_id: null,
  started_at: new Date(Date.UTC(2026, 10, 23, 1, 0, sequence)).toISOString(),
  utc_offset_minutes: 540,
  duration_ms: 10_000,
});

describe('fleet gauges', () => {
  it('equal the fleet the test built', async () => {
    // Two online players (one reports 3 unrecorded plays, the other sent plays 1, 2 and 5: 5 waits for 3 and 4).
    const first = await pairedPlayer(on.db);
    const second = await pairedPlayer(on.db);
    expect((await heartbeatCall(on.app, first.token, { plays_unrecorded: 3 })).statusCode).toBe(200);
    expect((await heartbeatCall(on.app, second.token)).statusCode).toBe(200);
    expect(await agentClient(on.app, { token: second.token }).plays([play(1), play(2), play(5)])).toEqual({
      acked: 2,
      stored: 3,
    });
    // Three offline: one never connected, one silent for an hour, one behind on delivery.
    await makePlayer(on.db);
    const silent = await makePlayer(on.db);
    await setDevice(on.db, silent, { isAlive: true, lastAccessed: new Date(Date.now() - 3_600_000) });
    const behind = await makePlayer(on.db);
    await setDevice(on.db, behind, {
      delivery: { applied_version: 'old', pending_version: null, missing: [], updated_at: new Date().toISOString() },
      manifestVersion: 'new',
      manifestChangedAt: new Date(),
    } as never);
    // Two waiting to be registered; a deleted player counts nowhere.
    await announce(on.app, nextSerial());
    await announce(on.app, nextSerial());
    const deleted = await makePlayer(on.db);
    await setDevice(on.db, deleted, { deletedAt: new Date() });
    // Contents: one processing, two failed; one live broadcast on air and one ended.
    const processing = await makeContent(on.db);
    const failed = [await makeContent(on.db), await makeContent(on.db)];
    await on.db.update(contents).set({ processingState: 'processing' }).where(eq(contents.id, processing));
    await on.db.update(contents).set({ processingState: 'failed' }).where(inArray(contents.id, failed));
    const stream = await makeContent(on.db, { type: 'stream' });
    const broadcast = {
      contentId: stream,
      ingestClient: '1',
      keyHash: 'h',
      startedAt: new Date(),
      confirmedAt: new Date(),
    };
    await on.db.insert(liveBroadcasts).values([broadcast, { ...broadcast, ingestClient: '2', endedAt: new Date() }]);
    await on.app.heartbeatsSettled();

    const parsed = await samples();
    expect({
      online: sampleValue(parsed, 'signage_players', { state: 'online' }),
      offline: sampleValue(parsed, 'signage_players', { state: 'offline' }),
      deliveryPending: sampleValue(parsed, 'signage_players_delivery_pending'),
      waiting: sampleValue(parsed, 'signage_players_waiting'),
      playsUnrecorded: sampleValue(parsed, 'signage_plays_unrecorded'),
      playsWaiting: sampleValue(parsed, 'signage_plays_waiting'),
      processing: sampleValue(parsed, 'signage_contents_processing', { state: 'processing' }),
      failed: sampleValue(parsed, 'signage_contents_processing', { state: 'failed' }),
      live: sampleValue(parsed, 'signage_live_broadcasts'),
      readOk: sampleValue(parsed, 'signage_fleet_read_ok'),
    }).toEqual({
      online: 2,
      offline: 3,
      deliveryPending: 1,
      waiting: 2,
      playsUnrecorded: 3,
      playsWaiting: 1,
      processing: 1,
      failed: 2,
      live: 1,
      readOk: 1,
    });
  });
});

describe('draining', () => {
  it('is 0 while serving and 1 once the stop has begun, when readiness answers 503 and /metrics still answers', async () => {
    const t = await createTestApp({ config: { metricsToken: TOKEN } });
    try {
      const before = await scrape(t);
      expect(before.statusCode).toBe(200);
      expect(sampleValue(parseExposition(before.body), 'signage_draining')).toBe(0);

      t.app.drain.begin();
      const ready = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(ready.statusCode).toBe(503);
      const during = await scrape(t);
      expect(during.statusCode).toBe(200);
      expect(sampleValue(parseExposition(during.body), 'signage_draining')).toBe(1);
      // The token is still required while draining.
      expect((await scrape(t, {})).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
