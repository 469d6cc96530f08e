import type { TAlertWebhookBody } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { MODULES } from '../../src/registry';
import { pairedPlayer } from '../agent/fixtures';
import {
  createPostgresDatabase,
  createTestDatabase,
  createUser,
  loginAs,
  TEST_DATABASE_URL,
  type TestApp,
  tempDir,
  testConfig,
} from '../helpers';
import { setDevice } from '../players/fixtures';
import { at, minutes, RULES, roundAt, subscribeAs } from './fixtures';
import { startReceiver, startSmtp } from './receivers';

/**
 * Several server processes send each alert once: two app builds on one database (on PostgreSQL each with its
 * own connection pool, as two processes have) evaluate and deliver at the same moment.
 */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const handles: DatabaseHandle[] = [];
const apps: App[] = [];
const configs: Config[] = [];
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  smtp = await startSmtp();
  receiver = await startReceiver();
  if (TEST_DATABASE_URL) {
    const created = await createPostgresDatabase();
    drop = created.drop;
    for (let i = 0; i < 2; i++) handles.push(await openDatabase({ dataDir: tempDir(), databaseUrl: created.url }));
  } else {
    // The embedded database lives in one process: both builds share it.
    const handle = await createTestDatabase();
    handles.push(handle, handle);
  }
  for (const handle of handles) {
    const config = testConfig({ alerts: { ...RULES, smtpUrl: smtp.url, from: 'Signage <alerts@test.example>' } });
    const app = await buildApp({ config, db: handle.db, modules: MODULES });
    await app.ready();
    apps.push(app);
    configs.push(config);
  }
}, 60_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const handle of new Set(handles)) await handle.close();
  await drop?.();
  await receiver?.close();
  await smtp?.close();
});

describe('two servers on one database', () => {
  it('evaluating and delivering at once send each alert and each recovery once', async () => {
    const [first] = apps as [App, App];
    const [one, two] = handles as [DatabaseHandle, DatabaseHandle];
    const user = await createUser(one.db, { role: 'DS_FRIT' });
    const t = { app: first, db: one.db } as TestApp;
    const cookie = await loginAs(first, user);
    const email = 'fleet@example.com';
    await subscribeAs(t, cookie, { conditions: ['offline'], channel: 'email', email });
    await subscribeAs(t, cookie, {
      conditions: ['offline'],
      channel: 'webhook',
      webhook_url: receiver.url('/both'),
      webhook_secret: 'a-webhook-secret-of-some-length',
    });
    const now = new Date();
    const players = [];
    for (let i = 0; i < 5; i++) {
      const player = await pairedPlayer(one.db, { region: 'GB', shopNo: String(3000 + i), timeZone: 'Europe/London' });
      await setDevice(one.db, player.deviceCode, { isAlive: true, lastAccessed: at(now, -minutes(25)) });
      players.push(player);
    }
    const rounds = [roundAt(one.db, configs[0] as Config), roundAt(two.db, configs[1] as Config)];
    const [a, b] = await Promise.all(rounds.map((round) => round.run(now)));
    // Between them they claimed each player once and queued the two messages once.
    expect([...(a?.alerts ?? []), ...(b?.alerts ?? [])].map((c) => c.device_code).sort()).toEqual(
      players.map((p) => p.deviceCode).sort(),
    );
    expect((a?.messages ?? 0) + (b?.messages ?? 0)).toBe(2);
    // Both deliver again (nothing left to send), and evaluate again a minute later.
    await Promise.all(rounds.map((round) => round.run(at(now, minutes(1)))));
    expect(smtp.mails.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    expect(receiver.at('/both')).toHaveLength(1);

    for (const player of players) await setDevice(one.db, player.deviceCode, { lastAccessed: at(now, minutes(2)) });
    await Promise.all(rounds.map((round) => round.run(at(now, minutes(3)))));
    await Promise.all(rounds.map((round) => round.run(at(now, minutes(4)))));
    expect(smtp.mails.filter((mail) => mail.to.includes(email))).toHaveLength(2);
    const kinds = receiver.at('/both').map((r) => (JSON.parse(r.body) as TAlertWebhookBody).kind);
    expect(kinds).toEqual(['alert', 'recovery']);
    for (const round of rounds) round.close();
  });
});
