import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLineRequestLog } from '../src/http/requestLog';
import { changeManifests } from '../src/modules/players';
import { bearer, pairedPlayer } from './agent/fixtures';
import { createTestApp } from './helpers';
import { heartbeatCall } from './players/fixtures';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('request log', () => {
  it('writes one line per request with method, URL, status and time', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLineRequestLog() });
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.inject({ method: 'GET', url: '/hello?x=1' });
    await app.close();

    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/hello?x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof requestLines[0]?.responseTime).toBe('number');
  });
});

describe("a fleet's routine calls in the request log", () => {
  async function appLogging(level: 'info' | 'debug') {
    const { lines, stream } = capture();
    const test = await createTestApp({ config: { logLevel: level }, logStream: stream });
    const player = await pairedPlayer(test.db);
    return { ...test, player, requestLines: () => lines.filter((line) => line.msg === 'request completed') };
  }

  it('leaves answered heartbeats and manifest polls out at the default level, and keeps refused ones', async () => {
    const { app, close, player, requestLines } = await appLogging('info');
    try {
      expect((await heartbeatCall(app, player.token, { status: 'ok' })).statusCode).toBe(200);
      const manifest = await app.inject({ method: 'GET', url: '/agent/v1/manifest', headers: bearer(player.token) });
      expect(manifest.statusCode).toBe(200);
      expect(requestLines()).toEqual([]);

      expect((await heartbeatCall(app, 'not-a-token', { status: 'ok' })).statusCode).toBe(401);
      // Any other route is logged whatever its answer.
      expect((await app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
      expect(requestLines()).toMatchObject([
        { level: 30, msg: 'request completed', req: { url: '/agent/v1/heartbeat' }, res: { statusCode: 401 } },
        { level: 30, msg: 'request completed', req: { url: '/api/users/me' }, res: { statusCode: 401 } },
      ]);
    } finally {
      await close();
    }
  });

  it('writes nothing at info or above for an answered heartbeat, 200 poll and 304 poll (no reply sent twice)', async () => {
    const { lines, stream } = capture();
    const { app, close, db } = await createTestApp({ config: { logLevel: 'info' }, logStream: stream });
    try {
      const player = await pairedPlayer(db);
      expect((await heartbeatCall(app, player.token, { status: 'ok' })).statusCode).toBe(200);
      const first = await app.inject({ method: 'GET', url: '/agent/v1/manifest', headers: bearer(player.token) });
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      const unchanged = await app.inject({
        method: 'GET',
        url: '/agent/v1/manifest',
        headers: { ...bearer(player.token), 'if-none-match': etag },
      });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.headers.etag).toBe(etag);
      expect((await heartbeatCall(app, player.token, { status: 'ok' })).statusCode).toBe(200);
      await app.close();
      // Nothing about these requests at info, and no warning from anywhere (the start-up orphan sweep's own
      // info line is not about them).
      const requestInfo = (line: Record<string, unknown>) => 'reqId' in line && (line.level as number) >= 30;
      expect(lines.filter((line) => requestInfo(line) || (line.level as number) >= 40)).toEqual([]);
      expect(JSON.stringify(lines)).not.toContain('FST_ERR_REP_ALREADY_SENT');
    } finally {
      await close();
    }
  });

  it('writes nothing at info or above over a real connection: beats from the cache, a 304 re-resolved after a change', async () => {
    const { lines, stream } = capture();
    const { app, close, db } = await createTestApp({ config: { logLevel: 'info' }, logStream: stream });
    try {
      const player = await pairedPlayer(db);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('the test server has no port');
      const base = `http://127.0.0.1:${address.port}`;
      const auth = { authorization: `Bearer ${player.token}` };
      const beat = () =>
        fetch(`${base}/agent/v1/heartbeat`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'ok' }),
        });
      // Twice: the second beat takes its player from the token cache.
      expect((await beat()).status).toBe(200);
      expect((await beat()).status).toBe(200);
      const first = await fetch(`${base}/agent/v1/manifest`, { headers: auth });
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag') ?? '';
      const poll = () => fetch(`${base}/agent/v1/manifest`, { headers: { ...auth, 'if-none-match': etag } });
      const fromRow = await poll();
      expect(fromRow.status).toBe(304);
      expect(await fromRow.text()).toBe('');
      // A change notified for the player that leaves its manifest as it was: the poll resolves it again and
      // still answers 304 (the other path to a 304).
      await db.transaction((tx) => changeManifests(tx, [player.deviceCode], 'test'));
      const resolved = await poll();
      expect(resolved.status).toBe(304);
      expect(resolved.headers.get('etag')).toBe(etag);
      await app.close();
      const requestInfo = (line: Record<string, unknown>) => 'reqId' in line && (line.level as number) >= 30;
      expect(lines.filter((line) => requestInfo(line) || (line.level as number) >= 40)).toEqual([]);
      expect(JSON.stringify(lines)).not.toContain('FST_ERR_REP_ALREADY_SENT');
    } finally {
      await close();
    }
  });

  it('writes answered heartbeats at debug when the log level asks for them', async () => {
    const { app, close, player, requestLines } = await appLogging('debug');
    try {
      expect((await heartbeatCall(app, player.token, { status: 'ok' })).statusCode).toBe(200);
      expect(requestLines()).toMatchObject([
        { level: 20, msg: 'request completed', req: { url: '/agent/v1/heartbeat' }, res: { statusCode: 200 } },
      ]);
    } finally {
      await close();
    }
  });
});
