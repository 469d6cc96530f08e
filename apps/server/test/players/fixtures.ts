import { createAgentClient } from '@signage/agent-client';
import type { TIssuedPin } from '@signage/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import { devices, settings } from '../../src/db/schema';
import { heartbeatsSettled } from '../../src/modules/players';

let serialSequence = 0;
export const nextSerial = (prefix = 'SN') => `${prefix}-${process.pid}-${++serialSequence}`;

/** A fetch that answers from the app in process, as if the player called from `address`. */
export function injectFetch(app: App, address = '10.0.0.1'): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: `${url.pathname}${url.search}`,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string,
      remoteAddress: address,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers))
      if (value !== undefined) headers.set(name, String(value));
    // 204 and 304 carry no body (the Response constructor refuses one).
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  }) as typeof fetch;
}

/** The agent client a player at `address` uses, talking to the app in process. */
export function agentClient(app: App, options: { token?: string; address?: string } = {}) {
  return createAgentClient({
    baseUrl: 'http://player.test',
    token: options.token,
    fetch: injectFetch(app, options.address),
  });
}

export async function announce(app: App, serial: string, address = '10.0.0.1') {
  return app.inject({ method: 'POST', url: '/agent/v1/announce', payload: { serial }, remoteAddress: address });
}

export async function pairCall(app: App, serial: string, pin: string, address = '10.0.0.1') {
  return app.inject({ method: 'POST', url: '/agent/v1/pair', payload: { serial, pin }, remoteAddress: address });
}

export type Store = {
  region?: string;
  shop_no?: string;
  shop_name?: string;
  display_pattern?: string;
  memo?: string;
  store_type?: string;
  device_type?: string;
  tags?: string[];
  time_zone?: string;
};

export async function registerCall(app: App, cookie: string, serial: string, store: Store = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/registrations',
    headers: { cookie },
    payload: {
      region: 'JP',
      shop_no: '0012',
      shop_name: 'Ginza',
      display_pattern: 'Multi,CW',
      memo: '',
      device_name: serial,
      ...store,
    },
  });
}

export async function issuePin(app: App, cookie: string, serial: string, store: Store = {}): Promise<TIssuedPin> {
  const response = await registerCall(app, cookie, serial, store);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TIssuedPin;
}

/** A player that announced, was registered with `store` by the user of `cookie`, and paired. */
export async function activePlayer(app: App, cookie: string, store: Store = {}, serial = nextSerial()) {
  expect((await announce(app, serial)).statusCode).toBe(200);
  const issued = await issuePin(app, cookie, serial, store);
  const paired = await pairCall(app, serial, issued.pin, `10.1.${serialSequence % 250}.${serialSequence % 200}`);
  expect(paired.statusCode, paired.body).toBe(200);
  return { serial, device_code: issued.device_code, token: paired.json().data.token as string };
}

/** A heartbeat, returned once what it reported is written (the server answers once the write is sent). */
export async function heartbeatCall(app: App, token: string | undefined, payload: unknown = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/agent/v1/heartbeat',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as object,
  });
  await app.heartbeatsSettled();
  return response;
}

/** The player's row as stored once the heartbeats answered so far are written (answered when sent). */
export async function deviceRow(db: Database, deviceCode: string) {
  await heartbeatsSettled(db);
  const [row] = await db.select().from(devices).where(eq(devices.deviceCode, deviceCode));
  return row;
}

export async function setDevice(db: Database, deviceCode: string, values: Partial<typeof devices.$inferInsert>) {
  await db.update(devices).set(values).where(eq(devices.deviceCode, deviceCode));
}

export function query(params: Record<string, string | string[] | boolean | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  return search.toString();
}

/** A device tag (level 2 under a category) with the given id, as the tags feature would create it. */
export async function insertDeviceTag(db: Database, id: string, name: string) {
  const [category] = await db
    .insert(settings)
    .values({
      type: 'DEVICE_TAG',
      value: `cat-${id.slice(0, 8)}`,
      level: 1,
      en: 'Category',
      ja: 'カテゴリ',
      zh: '類別',
      ko: '카테고리',
    })
    .returning({ id: settings.id, value: settings.value });
  await db.insert(settings).values({
    id,
    type: `DEVICE_TAG-${category!.value}`,
    typeId: category!.id,
    value: name.toLowerCase(),
    level: 2,
    en: name,
    ja: `${name} (ja)`,
    zh: `${name} (zh)`,
    ko: `${name} (ko)`,
  });
}
