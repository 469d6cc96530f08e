import { CONTENT_MESSAGES, MESSAGES } from '@signage/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { EmbeddedIngest, SelfHostedProvider } from '../../src/live';
import { expectFailure } from '../contents/support';
import { createTestApp, createUser, loginAs, type TestApp, tempDir } from '../helpers';
import { makeContent } from '../schedules/fixtures';
import { hook, liveWorld, makeStream } from './support';

/** POST /api/contents/:key/stream-key: content editors renew a self-hosted stream's key; the old one stops at once. */
let w: Awaited<ReturnType<typeof liveWorld>>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  w = await liveWorld();
  for (const role of ['DS_MK', 'DS_FRIT', 'DS_LHQBIZ', 'DS_LHQIT', 'DS_ST', 'DS_KT'] as const) {
    cookies[role] = await loginAs(w.t.app, await createUser(w.t.db, { role }));
  }
});
afterAll(async () => {
  await w?.close();
});

const rotate = (key: string, role: keyof typeof cookies = 'DS_MK') =>
  w.t.app.inject({ method: 'POST', url: `/api/contents/${key}/stream-key`, headers: { cookie: cookies[role] } });
const status = async (contentId: string) =>
  (await w.t.app.inject({ url: `/api/live/${contentId}/status`, headers: { cookie: cookies.DS_MK } })).json().data;

describe('renewing a stream key', () => {
  it('issues a new key, cuts the running broadcast of the old one, and only the new one publishes', async () => {
    const stream = await makeStream(w.t.db);
    expect((await hook(w.t.app, 'publish', stream.streamKey, { client: '71' })).statusCode).toBe(200);
    expect((await status(stream.id)).on_air).toBe(true);

    const response = await rotate(stream.key);
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json().data;
    expect(reply.rtmp_url).toBe('rtmp://live.example.com:1935/live');
    expect(reply.stream_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(reply.stream_key).not.toBe(stream.streamKey);

    expect(w.control.dropped).toContain(stream.streamKey);
    expect((await status(stream.id)).on_air).toBe(false);
    // The old key: nginx's next check drops it, and it cannot publish again.
    expect((await hook(w.t.app, 'update', stream.streamKey, { client: '71' })).statusCode).toBe(403);
    expect((await hook(w.t.app, 'publish', stream.streamKey)).statusCode).toBe(403);
    expect((await hook(w.t.app, 'publish', reply.stream_key, { client: '72' })).statusCode).toBe(200);
    expect((await status(stream.id)).on_air).toBe(true);

    const detail = await w.t.app.inject({ url: `/api/contents/${stream.key}`, headers: { cookie: cookies.DS_FRIT } });
    expect(detail.json().data.stream_key).toBe(reply.stream_key);
    const audit = await w.t.db.select().from(auditLog).where(eq(auditLog.target, stream.id));
    expect(audit.map((row) => row.action)).toContain('content.stream_key');
    expect(JSON.stringify(audit)).not.toContain(reply.stream_key);
    expect(w.logs.join('\n')).not.toContain(reply.stream_key);
    expect(w.logs.join('\n')).not.toContain(stream.streamKey);
  });

  it('is for content editors only', async () => {
    const stream = await makeStream(w.t.db, { region: 'JP' });
    for (const role of ['DS_LHQBIZ', 'DS_LHQIT', 'DS_ST', 'DS_KT'] as const) {
      expect((await rotate(stream.key, role)).statusCode, role).toBe(403);
    }
    expect((await rotate(stream.key, 'DS_FRIT')).statusCode).toBe(200);
  });

  it('answers 409 with a message for a content without a key of ours, 404 for one that is gone', async () => {
    const image = await makeContent(w.t.db, { name: 'Poster' });
    expectFailure(await rotate(image), 409, CONTENT_MESSAGES.notLiveStream);
    const bambuser = await makeStream(w.t.db, { platform: 'bambuser' });
    expectFailure(await rotate(bambuser.key), 409, CONTENT_MESSAGES.streamKeyNotRenewable);
    const deleted = await makeStream(w.t.db, { deleted: true });
    expectFailure(await rotate(deleted.key), 404, MESSAGES.notFound);
    expectFailure(await rotate('no-such-content'), 404, MESSAGES.notFound);
  });
});

describe("the embedded ingest's address", () => {
  let t: TestApp;
  let mk: string;
  beforeAll(async () => {
    const dataDir = tempDir();
    const ingest = new EmbeddedIngest({
      dataDir,
      listenHost: '0.0.0.0',
      rtmpPort: 19035,
      nginxPath: '/usr/sbin/nginx',
      modulePath: '/usr/lib/nginx/modules/ngx_rtmp_module.so',
    });
    t = await createTestApp({ media: { liveIngest: ingest, liveProviders: [new SelfHostedProvider(ingest)] } });
    mk = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is shown on the host the console was opened at, with the RTMP port', async () => {
    const stream = await makeStream(t.db);
    const at = async (host: string) =>
      (await t.app.inject({ url: `/api/contents/${stream.key}`, headers: { cookie: mk, host } })).json().data.rtmp_url;
    expect(await at('10.0.4.17:8080')).toBe('rtmp://10.0.4.17:19035/live');
    expect(await at('signage.example.com')).toBe('rtmp://signage.example.com:19035/live');
    const renewed = await t.app.inject({
      method: 'POST',
      url: `/api/contents/${stream.key}/stream-key`,
      headers: { cookie: mk, host: '192.168.1.20:8080' },
    });
    expect(renewed.json().data.rtmp_url).toBe('rtmp://192.168.1.20:19035/live');
  });
});
