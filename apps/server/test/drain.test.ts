import http from 'node:http';
import path from 'node:path';
import { createAgentClient } from '@signage/agent-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_SETTINGS } from '../src/db/embedded';
import { makePgliteTemplate } from '../src/db/pgliteTemplate';
import { DRAINING_MESSAGE } from '../src/http/drain';
import { MIGRATIONS_FOLDER } from '../src/paths';
import { type RunningServer, startServer } from '../src/server';
import { pairedPlayer } from './agent/fixtures';
import { createPostgresDatabase, TEST_DATABASE_URL, tempDir, testConfig } from './helpers';

/**
 * The embedded database's initdb runs once, in the beforeAll (a template both servers start from), not in
 * each test: each stays within the 30 s bound (issue 27 item 5).
 * SIGTERM's drain (server.ts drain, http/drain.ts) on a listening server, as a load balancer and players see it.
 * main.ts calls drain(DRAIN_TIMEOUT_SECONDS) on SIGTERM; these call it directly.
 */
let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
let pgliteTemplate: string | undefined;
beforeAll(async () => {
  database = TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
  if (database) return;
  pgliteTemplate = path.join(tempDir('signage-drain-'), 'pglite-template');
  await makePgliteTemplate(pgliteTemplate, { settings: PGLITE_SETTINGS, migrationsFolder: MIGRATIONS_FOLDER });
});
afterAll(async () => {
  await database?.drop();
});

const ADMIN_PASSWORD = 'drain test admin password';

async function start(): Promise<{ server: RunningServer; base: string }> {
  const server = await startServer(
    testConfig({
      databaseUrl: database?.url,
      port: 0,
      host: '127.0.0.1',
      adminPassword: ADMIN_PASSWORD,
      ...(pgliteTemplate ? { pgliteTemplate } : {}),
    }),
  );
  return { server, base: `http://127.0.0.1:${server.port}` };
}

type Pending = { finish: () => void; answer: Promise<{ status: number; body: string }> };

/** A sign-in whose body is only half sent: in flight until finish() sends the rest. */
function halfSentSignIn(port: number, password: string): Pending {
  const body = JSON.stringify({ password });
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/users/admin/auth',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  answer.catch(() => {});
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return { finish: () => request.end(body.slice(half)), answer };
}

/** Resolves once the server has read the request's headers (it is in flight there). */
async function waitUntilInFlight(server: RunningServer): Promise<void> {
  await new Promise<void>((resolve) => {
    const check = () => {
      server.app.server.getConnections((_error, count) => {
        if (count > 0) resolve();
        else setImmediate(check);
      });
    };
    check();
  });
}

describe('drain on SIGTERM', () => {
  it('answers readiness 503 at once, tells push streams to reconnect, serves writes and what is in flight, then stops listening', async () => {
    const { server, base } = await start();
    const ready = await fetch(`${base}/api/health`);
    expect(ready.status).toBe(200);

    const player = await pairedPlayer(server.db);
    const abort = new AbortController();
    const stream = createAgentClient({ baseUrl: base, token: player.token }).events(abort.signal);
    expect((await stream.next()).value).toMatchObject({ event: 'hello' });
    const inFlight = halfSentSignIn(server.port, ADMIN_PASSWORD);
    await waitUntilInFlight(server);

    const drained = server.drain(20_000);

    // The balancer's check and every other read: 503 with the reason, on a connection that is closed.
    const readiness = await fetch(`${base}/api/health`);
    expect(readiness.status).toBe(503);
    expect(readiness.headers.get('connection')).toBe('close');
    expect(await readiness.json()).toEqual({ result: 'Failure', message: DRAINING_MESSAGE, data: null });
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);

    // The player is told to reconnect elsewhere, and the stream ends.
    expect((await stream.next()).value).toEqual({ event: 'reconnect', data: { reason: 'draining' } });
    expect((await stream.next()).done).toBe(true);

    // A write that still arrives is served (a balancer would not retry it), with its own answer.
    const wrong = await fetch(`${base}/api/users/admin/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'not the password at all' }),
    });
    expect(wrong.status).toBe(401);

    // The request in flight finishes with its answer: signed in.
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ result: 'Success' });

    await drained;
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
  });

  it('cuts a request that never finishes once the drain time is spent', async () => {
    const { server, base } = await start();
    const stalled = halfSentSignIn(server.port, ADMIN_PASSWORD);
    await waitUntilInFlight(server);
    await server.drain(2000);
    await expect(stalled.answer).rejects.toThrow();
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
  });
});
