import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AGENT_CONTRACT_LIST, API_CONTRACTS, AUDIT_ACTIONS, type Contract } from '@signage/domain';
import { desc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { ExternalIngest, SelfHostedProvider } from '../../src/live';
import { upload } from '../contents/support';
import { createTestApp, createUser, loginAs, type TestApp, tempDir } from '../helpers';
import { controlStandIn, makeStream } from '../live/support';
import { writeImage } from '../media/fixtures';
import { activePlayer, announce, nextSerial, pairCall, registerCall } from '../players/fixtures';
import { createBody, makeContent, makePlayer } from '../schedules/fixtures';
import { idpUser, signIn, ssoConfig } from '../sso/support';

/**
 * Every write the API can make is audited (issue 29 item 7). The write routes are read from the contracts
 * (every method but GET and HEAD): each needs a scenario below that makes it succeed and names the audit
 * action it must leave, or an exemption saying why it changes nothing a person did. A new write route
 * without either fails the first test; a scenario whose write leaves no entry fails its own.
 */
const label = (contract: Contract) => `${contract.method} ${contract.path}`;
const WRITES = [...API_CONTRACTS, ...AGENT_CONTRACT_LIST].filter((c) => c.method !== 'GET' && c.method !== 'HEAD');

/** Writes that are not a person's change of the system, each with why. Keep this short. */
const EXEMPT: Record<string, string> = {
  'POST /api/uploads':
    'stages a file (tus): nothing changes until POST /api/contents/from-upload registers it (content.register); an abandoned upload is swept',
  'PATCH /api/uploads/:upload_id': 'a chunk of a staged file (tus), as above',
  'POST /agent/v1/announce':
    'a player saying it exists: it is on the waiting list (devices) and nothing else until a person registers it (player.register)',
  'POST /agent/v1/heartbeat': "a player's own report, every minute: its row (devices) is the record",
  'POST /agent/v1/logs': "a player's own log upload: the logs themselves (device_logs) are the record",
  'POST /agent/v1/plays': "a player's proof of play: play_events is the record",
  'POST /agent/v1/commands/:command_id':
    "a player's answer to a command: device_commands keeps it; the asking was audited (player.command)",
  'POST /agent/v1/screenshots':
    "a player's picture of its screen: device_screenshots keeps it; a requested one was audited when asked (player.command)",
};

/** An emergency text to the players of one store, for an hour. */
const postEmergency = (t: TestApp, cookie: string, shopNo: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/emergencies',
    headers: { cookie },
    payload: {
      target: { by: 'stores', shop_nos: [shopNo] },
      kind: 'text',
      text: 'Audit',
      ends_at: new Date(Date.now() + 3600_000).toISOString(),
    },
  });

type World = {
  t: TestApp;
  frit: string;
  fritId: string;
  dir: string;
};
type Done = { status: number; body: string; action: string; actor?: string; target?: string };
const SCENARIOS: Record<string, (w: World) => Promise<Done>> = {
  'POST /api/users/:userId/auth': async ({ t }) => {
    const user = await createUser(t.db, { role: 'DS_MK' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user.userId}/auth`,
      payload: { password: user.password },
    });
    return { status: response.statusCode, body: response.body, action: 'user.login', actor: user.userId };
  },
  'DELETE /api/users/:userId/auth': async ({ t }) => {
    const user = await createUser(t.db, { role: 'DS_MK' });
    const cookie = await loginAs(t.app, user);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.userId}/auth`,
      headers: { cookie },
    });
    return { status: response.statusCode, body: response.body, action: 'user.logout', actor: user.userId };
  },
  'POST /api/sso/callback': async ({ t }) => {
    // The callback's accepted answer is completed by the token exchange, which records the sign-in.
    const user = idpUser('DS_MK');
    await signIn(t.app, user);
    return { status: 200, body: '', action: 'user.login', actor: user.userId };
  },
  'POST /api/setting': async ({ t, frit }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/setting',
      headers: { cookie: frit },
      payload: tag(),
    });
    return { status: response.statusCode, body: response.body, action: 'setting.create' };
  },
  'PUT /api/setting/:key': async ({ t, frit }) => {
    const key = await createdTag(t, frit);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/setting/${key}`,
      headers: { cookie: frit },
      payload: tag(),
    });
    return { status: response.statusCode, body: response.body, action: 'setting.update' };
  },
  'DELETE /api/setting/:key': async ({ t, frit }) => {
    const key = await createdTag(t, frit);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/setting/${key}`, headers: { cookie: frit } });
    return { status: response.statusCode, body: response.body, action: 'setting.delete' };
  },
  'PUT /api/devices/:device_code': async ({ t, frit }) => {
    const code = await makePlayer(t.db);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${code}`,
      headers: { cookie: frit },
      payload: { memo: 'audited' },
    });
    return { status: response.statusCode, body: response.body, action: 'player.edit', target: code };
  },
  'POST /api/devices/:device_code/commands': async ({ t, frit }) => {
    const player = await activePlayer(t.app, frit);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${player.device_code}/commands`,
      headers: { cookie: frit },
      payload: { kind: 'identify' },
    });
    return { status: response.statusCode, body: response.body, action: 'player.command', target: player.device_code };
  },
  'POST /api/emergencies': async ({ t, frit }) => {
    const shopNo = '7311';
    await makePlayer(t.db, { shopNo });
    const response = await postEmergency(t, frit, shopNo);
    const target = response.statusCode === 200 ? response.json().data.emergency_id : undefined;
    return { status: response.statusCode, body: response.body, action: 'emergency.post', target };
  },
  'POST /api/emergencies/:emergency_id/cancel': async ({ t, frit }) => {
    const shopNo = '7311';
    await makePlayer(t.db, { shopNo });
    const id = (await postEmergency(t, frit, shopNo)).json().data.emergency_id as string;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/emergencies/${id}/cancel`,
      headers: { cookie: frit },
    });
    return { status: response.statusCode, body: response.body, action: 'emergency.cancel', target: id };
  },
  'PUT /api/devices/:device_code/hours': async ({ t, frit }) => {
    const player = await activePlayer(t.app, frit);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${player.device_code}/hours`,
      headers: { cookie: frit },
      payload: { hours: { week: [{ day: 1, ranges: [{ open: '10:00', close: '20:00' }] }], exceptions: [] } },
    });
    return { status: response.statusCode, body: response.body, action: 'player.hours', target: player.device_code };
  },
  'POST /api/devices/hours': async ({ t, frit }) => {
    const player = await activePlayer(t.app, frit);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/devices/hours',
      headers: { cookie: frit },
      payload: { device_codes: [player.device_code], hours: { week: [], exceptions: [] } },
    });
    return { status: response.statusCode, body: response.body, action: 'player.hours', target: player.device_code };
  },
  'POST /api/alerts/subscriptions': async ({ t, frit }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/subscriptions',
      headers: { cookie: frit },
      payload: {
        conditions: ['offline'],
        channel: 'webhook',
        webhook_url: 'https://hooks.example.com/a',
        webhook_secret: 'x'.repeat(20),
      },
    });
    return {
      status: response.statusCode,
      body: response.body,
      action: 'alert.subscribe',
      target: response.json().data?.subscription_id,
    };
  },
  'DELETE /api/alerts/subscriptions/:subscription_id': async ({ t, frit }) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/subscriptions',
      headers: { cookie: frit },
      payload: {
        conditions: ['behind'],
        channel: 'webhook',
        webhook_url: 'https://hooks.example.com/b',
        webhook_secret: 'y'.repeat(20),
      },
    });
    const id = created.json().data.subscription_id as string;
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/alerts/subscriptions/${id}`,
      headers: { cookie: frit },
    });
    return { status: response.statusCode, body: response.body, action: 'alert.unsubscribe', target: id };
  },
  'DELETE /api/devices/:device_code': async ({ t, frit }) => {
    const code = await makePlayer(t.db);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/devices/${code}`, headers: { cookie: frit } });
    return { status: response.statusCode, body: response.body, action: 'player.delete', target: code };
  },
  'POST /api/devices/logs/download': async ({ t, frit }) => {
    const player = await activePlayer(t.app, frit);
    const log = {
      name: 'boot.log',
      level: 'INFO',
      started_at: '2026-01-01T08:00:00Z',
      ended_at: '2026-01-01T09:00:00Z',
    };
    const sent = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/logs',
      headers: { authorization: `Bearer ${player.token}` },
      payload: { ...log, content: 'booted\n' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/devices/logs/download',
      headers: { cookie: frit },
      payload: { device_code: player.device_code, downloadAll: true },
    });
    return { status: response.statusCode, body: '', action: 'player.logs_download', target: player.device_code };
  },
  'PUT /api/floormap/:region/:shop_no/floormap.pdf': async ({ t, frit }) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/floormap/JP/0808/floormap.pdf',
      headers: { cookie: frit, 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    return { status: response.statusCode, body: response.body, action: 'floormap.upload' };
  },
  'POST /api/registrations': async ({ t, frit }) => {
    const serial = nextSerial('AUD');
    await announce(t.app, serial);
    const response = await registerCall(t.app, frit, serial);
    return { status: response.statusCode, body: response.body, action: 'player.register' };
  },
  'POST /api/players': async ({ t, frit }) => {
    const serial = nextSerial('AUD');
    await announce(t.app, serial);
    const registered = await registerCall(t.app, frit, serial);
    const code = registered.json().data.device_code as string;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/players',
      headers: { cookie: frit },
      payload: {
        region: 'JP',
        shop_no: '0012',
        shop_name: 'Ginza',
        display_pattern: 'Multi,CW',
        memo: '',
        device_code: code,
      },
    });
    return { status: response.statusCode, body: response.body, action: 'player.pin', target: code };
  },
  'POST /api/contents': async ({ t, frit, dir }) => {
    const file = path.join(dir, 'audit.png');
    await writeImage(file, 'png', 64, 36);
    const response = await upload(
      t.app,
      frit,
      { name: 'Audited', display_pattern: 'Multi,CW', region: 'JP' },
      { filename: 'audit.png', type: 'image/png', data: await readFile(file) },
    );
    await t.app.contentProcessing.idle();
    return { status: response.statusCode, body: response.body, action: 'content.register' };
  },
  'POST /api/contents/from-upload': async ({ t, frit, dir }) => {
    const file = path.join(dir, 'tus.png');
    await writeImage(file, 'png', 64, 36);
    const png = await readFile(file);
    const tus = { cookie: frit, 'tus-resumable': '1.0.0' };
    const meta = `filename ${Buffer.from('tus.png').toString('base64')},filetype ${Buffer.from('image/png').toString('base64')}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...tus, 'upload-length': String(png.length), 'upload-metadata': meta },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = String(created.headers.location).split('/').pop() as string;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/uploads/${id}`,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: png,
    });
    expect(patched.statusCode).toBe(204);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contents/from-upload',
      headers: { cookie: frit },
      payload: { name: 'Via tus', display_pattern: 'Multi,CW', region: 'JP', upload_id: id },
    });
    await t.app.contentProcessing.idle();
    return { status: response.statusCode, body: response.body, action: 'content.register' };
  },
  'PUT /api/contents/:key': async ({ t, frit }) => {
    const id = await makeContent(t.db);
    const key = (await t.app.inject({ url: `/api/contents/${id}`, headers: { cookie: frit } })).json().data.key;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/contents/${key}`,
      headers: { cookie: frit },
      payload: { name: 'Renamed' },
    });
    return { status: response.statusCode, body: response.body, action: 'content.update', target: id };
  },
  'DELETE /api/contents/:contentId': async ({ t, frit }) => {
    const id = await makeContent(t.db);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/contents/${id}`, headers: { cookie: frit } });
    return { status: response.statusCode, body: response.body, action: 'content.delete', target: id };
  },
  'POST /api/contents/:key/stream-key': async ({ t, frit }) => {
    const stream = await makeStream(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/contents/${stream.key}/stream-key`,
      headers: { cookie: frit },
    });
    return { status: response.statusCode, body: response.body, action: 'content.stream_key', target: stream.id };
  },
  'POST /api/schedules': async ({ t, frit }) => {
    const response = await newSchedule(t, frit);
    return { status: response.statusCode, body: response.body, action: 'schedule.create' };
  },
  'POST /api/schedules/:schedule_id/duplicate': async ({ t, frit }) => {
    const source = (await newSchedule(t, frit)).json().data.schedule_id as string;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/schedules/${source}/duplicate`,
      headers: { cookie: frit },
      payload: createBody([await makePlayer(t.db)], [await makeContent(t.db)]),
    });
    return { status: response.statusCode, body: response.body, action: 'schedule.duplicate' };
  },
  'PUT /api/schedules/:schedule_id': async ({ t, frit }) => {
    const id = (await newSchedule(t, frit)).json().data.schedule_id as string;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/schedules/${id}`,
      headers: { cookie: frit },
      payload: { zone_code: 'Asia/Tokyo', schedule_name: 'Renamed schedule' },
    });
    return { status: response.statusCode, body: response.body, action: 'schedule.update', target: id };
  },
  'DELETE /api/schedules/:schedule_id': async ({ t, frit }) => {
    const id = (await newSchedule(t, frit)).json().data.schedule_id as string;
    const response = await t.app.inject({ method: 'DELETE', url: `/api/schedules/${id}`, headers: { cookie: frit } });
    return { status: response.statusCode, body: response.body, action: 'schedule.delete', target: id };
  },
  'POST /agent/v1/pair': async ({ t, frit }) => {
    const serial = nextSerial('AUD');
    await announce(t.app, serial);
    const issued = (await registerCall(t.app, frit, serial)).json().data as { device_code: string; pin: string };
    const response = await pairCall(t.app, serial, issued.pin, '10.9.9.9');
    return {
      status: response.statusCode,
      body: response.body,
      action: 'player.pair',
      actor: `device:${issued.device_code}`,
      target: issued.device_code,
    };
  },
};

let tagSequence = 0;
const tag = () => {
  const value = `audit-${process.pid}-${++tagSequence}`;
  return { type: 'DEVICE_TAG', value, en: value, ja: value, zh: value, ko: value };
};
async function createdTag(t: TestApp, cookie: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/setting', headers: { cookie }, payload: tag() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.key as string;
}
const newSchedule = async (t: TestApp, cookie: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/schedules',
    headers: { cookie },
    payload: createBody([await makePlayer(t.db)], [await makeContent(t.db)]),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

let w: World;
let control: Awaited<ReturnType<typeof controlStandIn>>;
beforeAll(async () => {
  control = await controlStandIn();
  const ingest = new ExternalIngest({
    rtmpUrl: 'rtmp://live.example.com:1935/live',
    hlsLocation: tempDir('signage-hls-'),
    hookSecrets: ['a'.repeat(64)],
    controlUrl: control.url,
  });
  const t = await createTestApp({
    config: { sso: ssoConfig() },
    media: { liveIngest: ingest, liveProviders: [new SelfHostedProvider(ingest)] },
  });
  const user = await createUser(t.db, { role: 'DS_FRIT' });
  w = { t, frit: await loginAs(t.app, user), fritId: user.userId, dir: tempDir() };
});
afterAll(async () => {
  await w?.t.close();
  await control?.close();
});

describe('every write route', () => {
  it('has a scenario that names its audit action, or an exemption that says why it needs none', () => {
    const writes = WRITES.map(label).sort();
    const covered = [...Object.keys(SCENARIOS), ...Object.keys(EXEMPT)].sort();
    expect(
      writes.filter((route) => !covered.includes(route)),
      'write routes without a scenario',
    ).toEqual([]);
    expect(
      covered.filter((route) => !writes.includes(route)),
      'scenarios of routes that do not exist',
    ).toEqual([]);
    expect(Object.keys(SCENARIOS).filter((route) => route in EXEMPT)).toEqual([]);
  });

  for (const contract of WRITES.filter((c) => SCENARIOS[label(c)])) {
    it(`${label(contract)} writes an audit entry`, async () => {
      const [last] = await w.t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      const done = await (SCENARIOS[label(contract)] as (w: World) => Promise<Done>)(w);
      expect([200, 201, 204], done.body).toContain(done.status);
      const entries = await w.t.db
        .select()
        .from(auditLog)
        .where(gt(auditLog.id, last?.id ?? 0));
      const entry = entries.find(
        (e) =>
          e.action === done.action &&
          e.actor === (done.actor ?? w.fritId) &&
          (done.target === undefined || e.target === done.target),
      );
      expect(entry, `${done.action} by ${done.actor ?? w.fritId}: ${JSON.stringify(entries)}`).toBeDefined();
      // The console's action filter offers it (and names it in every language: the console's catalogue test).
      expect(AUDIT_ACTIONS).toContain(done.action);
    });
  }
});
