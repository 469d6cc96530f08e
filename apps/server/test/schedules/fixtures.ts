import { randomBytes } from 'node:crypto';
import { addDays, type Role, type TimeZone, todayIn } from '@signage/domain';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import { contents, devices } from '../../src/db/schema';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';

let sequence = 0;
const unique = (prefix: string) =>
  `${prefix}${process.pid}${++sequence}${randomBytes(2).toString('hex')}`.toUpperCase();

/** A registered, paired player, written straight to its table (the players tests cover how it gets there). */
export async function makePlayer(
  db: Database,
  options: { region?: string; shopNo?: string; displayPattern?: string; timeZone?: string; shopName?: string } = {},
) {
  const deviceCode = unique('P');
  const now = new Date();
  await db.insert(devices).values({
    deviceCode,
    deviceName: unique('SN'),
    region: options.region ?? 'JP',
    shopNo: options.shopNo ?? '0001',
    shopName: options.shopName ?? 'Ginza',
    displayPattern: options.displayPattern ?? 'Multi,CW',
    timeZone: options.timeZone ?? 'Asia/Tokyo',
    isActivated: true,
    registeredAt: now,
    activatedAt: now,
  });
  return deviceCode;
}

/** A content row as the contents module stores it after an upload. */
export async function makeContent(
  db: Database,
  options: {
    name?: string;
    type?: 'image' | 'movie' | 'stream';
    displayPattern?: string;
    region?: string;
    licenseTo?: string | null;
    thumbnailKey?: string | null;
  } = {},
) {
  const key = unique('k').toLowerCase();
  const [row] = await db
    .insert(contents)
    .values({
      key,
      name: options.name ?? `Content ${key}`,
      type: options.type ?? 'image',
      displayPattern: options.displayPattern ?? 'Multi,CW',
      region: options.region ?? 'JP',
      licenseTo: options.licenseTo ?? null,
      mediaKey: `contents/${key}/file`,
      thumbnailKey: options.thumbnailKey ?? null,
      createdBy: 'test',
      ...(options.type === 'stream' ? { rtmpUrl: 'rtmp://live.test/app', streamKey: 'secret' } : {}),
    })
    .returning({ id: contents.id });
  return row!.id;
}

export const TOKYO = 'Asia/Tokyo' as TimeZone;
export const today = (zone: string = TOKYO) => todayIn(zone as TimeZone);
export const dayFrom = (days: number, zone: string = TOKYO) => addDays(today(zone), days);

/** A valid create body: Night delivery from tomorrow for a week, all day. */
export function createBody(dest: string[], contentIds: string[], extra: object = {}) {
  return {
    playlist_name: 'Default playlist',
    schedule_name: `Schedule ${++sequence}`,
    available_date_from: dayFrom(1),
    available_date_to: dayFrom(7),
    available_time_from: '',
    available_time_to: '',
    contents: contentIds,
    dest,
    download_allow_hour: '23',
    zone_code: TOKYO,
    ...extra,
  };
}

export type Roles = Record<string, { role: Role; region?: string; shopNo?: string }>;

/** One app per test file, with a signed-in cookie per named user (created on first use). */
export async function schedulesWorld() {
  const t: TestApp = await createTestApp();
  const cookies = new Map<string, Promise<string>>();
  const as = (role: Role, region?: string, shopNo?: string) => {
    const name = `${role}:${region ?? ''}:${shopNo ?? ''}`;
    if (!cookies.has(name)) {
      cookies.set(
        name,
        createUser(t.db, { role, region, shopNo }).then((user) => loginAs(t.app, user)),
      );
    }
    return cookies.get(name)!;
  };
  return { t, as };
}

export async function call(
  app: App,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

export function expectOk(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
}

export function expectStatus(response: { statusCode: number; body: string; json: () => unknown }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect((response.json() as { result: string }).result).toBe('Failure');
}

export const message = (response: { json: () => unknown }) => (response.json() as { message: string }).message;
