import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TPlay } from '@signage/domain';
import pg from 'pg';
import { expect } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { type Database, openDatabase } from '../../src/db/client';
import { MODULES } from '../../src/registry';
import { bearer, pairedPlayer } from '../agent/fixtures';
import { upload } from '../contents/support';
import { createUser, loginAs, SERVER_DIR, TEST_DATABASE_URL, tempDir, testConfig } from '../helpers';
import { writeImage } from '../media/fixtures';
import { createBody, expectOk } from '../schedules/fixtures';

/** docs/operations.md, section 5: the commands this suite runs as they are written there. */
const OPERATIONS = path.resolve(SERVER_DIR, '../../docs/operations.md');

/** The one command line of section 5's shell blocks that begins with `start`. */
export function documented(start: string): string {
  const text = fs.readFileSync(OPERATIONS, 'utf8');
  const section = text.slice(text.indexOf('## 5. Backup and restore'), text.indexOf('## 6. '));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  const lines = blocks.flatMap((block) => block.split('\n')).filter((line) => line.startsWith(start));
  expect(lines, `docs/operations.md section 5: one command beginning with ${start}`).toHaveLength(1);
  return lines[0] ?? '';
}

/** Runs a documented command line in sh with these variables, as an operator's shell would. */
export function run(line: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('sh', ['-c', line], { env: { ...process.env, ...env } }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${line}\nfailed: ${stderr || error.message}`)) : resolve(),
    );
  });
}

/** Runs statements on the PostgreSQL server of TEST_DATABASE_URL as its administrator. */
export async function admin(...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A login role of its own (not a superuser, as the deployment's `signage`) and a database it owns; `url`
 * connects as that role. `drop` removes both.
 */
export async function ownedDatabase(): Promise<{ url: string; name: string; role: string; drop: () => Promise<void> }> {
  const name = `signage_backup_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(`create role "${name}" login`, `create database "${name}" owner "${name}"`);
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.username = name;
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    role: name,
    drop: () => admin(`drop database if exists "${name}" with (force)`, `drop role if exists "${name}"`),
  };
}

export type Product = { app: App; db: Database; close: () => Promise<void> };

/** The server as main.ts makes it from DATA_DIR and DATABASE_URL (media on disk under DATA_DIR/media). */
export async function startProduct(dataDir: string, databaseUrl: string | undefined): Promise<Product> {
  const config = testConfig({ dataDir, databaseUrl });
  const handle = await openDatabase(config);
  const app = await buildApp({ config, db: handle.db, modules: MODULES });
  await app.ready();
  return {
    app,
    db: handle.db,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

export type Fleet = { cookie: string; players: { deviceCode: string; token: string }[] };

/** Players, an uploaded image, a schedule of it for the players and their plays, made through the API. */
export async function populate(product: Product, png: Buffer): Promise<Fleet> {
  const { app, db } = product;
  const cookie = await loginAs(app, await createUser(db, { role: 'DS_MK' }));
  const players = [await pairedPlayer(db), await pairedPlayer(db, { shopNo: '0002', shopName: 'Umeda' })];
  const form = { name: 'Backup sale', display_pattern: 'Multi,CW', region: 'JP' };
  const uploaded = await upload(app, cookie, form, { filename: 'sale.png', type: 'image/png', data: png });
  expectOk(uploaded);
  await app.contentProcessing.idle();
  const contentId = uploaded.json().data.content_id as string;
  const body = createBody(
    players.map((p) => p.deviceCode),
    [contentId],
  );
  expectOk(await app.inject({ method: 'POST', url: '/api/schedules', headers: { cookie }, payload: body }));
  for (const [index, player] of players.entries()) {
    const plays: TPlay[] = [1, 2, 3].map((sequence) => ({
      sequence,
      content_id: contentId,
      schedule_id: null,
      started_at: new Date(Date.now() - (sequence + index) * 60_000).toISOString(),
      utc_offset_minutes: 540,
      duration_ms: 10_000,
    }));
    const sent = await app.inject({
      method: 'POST',
      url: '/agent/v1/plays',
      headers: bearer(player.token),
      payload: { plays },
    });
    expectOk(sent);
  }
  return { cookie, players };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What the product answers a console user and each player: the lists, manifests and media bytes. */
export async function observe(product: Product, fleet: Fleet) {
  const { app } = product;
  const get = async (url: string, headers: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response;
  };
  const console_ = { cookie: fleet.cookie };
  const lists = {
    devices: (await get('/api/devices?limit=100', console_)).json().data,
    contents: (await get('/api/contents?limit=100', console_)).json().data,
    history: (await get('/api/contents/history', console_)).json().data,
    schedules: [] as unknown[],
    plays: [] as unknown[],
  };
  for (const { deviceCode } of fleet.players) {
    // `now` is the server's clock when it answered.
    const { now: _, ...schedules } = (await get(`/api/schedules?device_code=${deviceCode}`, console_)).json().data;
    lists.schedules.push(schedules);
    lists.plays.push((await get(`/api/playhistory?device_code=${deviceCode}`, console_)).json().data);
  }
  const manifests = [];
  const media: Record<string, string> = {};
  for (const player of fleet.players) {
    const { server_time: _, ...manifest } = (await get('/agent/v1/manifest', bearer(player.token))).json().data;
    manifests.push(manifest);
    for (const schedule of manifest.schedules as { media: { url: string | null; sha256: string | null }[] }[]) {
      for (const item of schedule.media) {
        if (!item.url) continue;
        const bytes = (await get(item.url, bearer(player.token))).rawPayload;
        expect(sha256(bytes)).toBe(item.sha256);
        media[item.url] = sha256(bytes);
      }
    }
  }
  return { lists, manifests, media };
}

/** The image the backed-up product holds: a 640 x 360 PNG. */
export async function samplePng(): Promise<Buffer> {
  const file = path.join(tempDir(), 'sale.png');
  await writeImage(file, 'png', 640, 360);
  return fs.readFileSync(file);
}
