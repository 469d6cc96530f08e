import { type APIRequestContext, expect, request } from '@playwright/test';
import { E2E } from './env';
import type { E2EUser } from './users';

/** A 1x1 PNG: the smallest image the upload rules accept (its bytes are sniffed). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let sequence = 0;

/** An API session of `user`, apart from any page's cookies. */
export async function apiAs(
  user: Pick<E2EUser, 'id' | 'password'>,
  baseURL: string = E2E.baseURL,
): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  const login = await context.post(`/api/users/${user.id}/auth`, { data: { password: user.password } });
  expect(login.status(), await login.text()).toBe(200);
  return context;
}

type Store = { region: string; shop_no: string; shop_name: string; display_pattern: string };

/** Staff register an announced serial to a store (DS_FRIT or DS_KT): the PIN to type on the player. */
export async function registerSerial(
  staff: APIRequestContext,
  serial: string,
  store: Store,
): Promise<{ device_code: string; pin: string }> {
  const issued = await staff.post('/api/registrations', { data: { ...store, memo: '', device_name: serial } });
  expect(issued.status(), await issued.text()).toBe(200);
  return (await issued.json()).data as { device_code: string; pin: string };
}

/**
 * A registered and paired player, the way a real one gets there: it announces itself (agent protocol),
 * staff register it to `store` (which issues a PIN), and it pairs with that PIN. Returns its device code.
 */
export async function makePlayer(staff: APIRequestContext, store: Store): Promise<string> {
  const serial = `WZ-${Date.now()}-${++sequence}`;
  const agent = await request.newContext({ baseURL: E2E.baseURL });
  try {
    const announce = await agent.post('/agent/v1/announce', { data: { serial } });
    expect(announce.status(), await announce.text()).toBe(200);
    const { pin } = await registerSerial(staff, serial, store);
    const pair = await agent.post('/agent/v1/pair', { data: { serial, pin } });
    expect(pair.status(), await pair.text()).toBe(200);
    return ((await pair.json()).data as { device_code: string }).device_code;
  } finally {
    await agent.dispose();
  }
}

/** An image content uploaded through the API; returns its content id. */
export async function makeImage(
  editor: APIRequestContext,
  fields: { name: string; display_pattern: string; region?: string },
): Promise<string> {
  const response = await editor.post('/api/contents', {
    multipart: {
      name: fields.name,
      display_pattern: fields.display_pattern,
      region: fields.region ?? '',
      content: { name: `${fields.name}.png`, mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()).data as { content_id: string }).content_id;
}

/**
 * A schedule from today (Tokyo) with no end, all day, delivered at once: `contents` on `dest`. Answers its id.
 */
export async function scheduleFromToday(
  editor: APIRequestContext,
  fields: { name: string; contents: string[]; dest: string[] },
): Promise<string> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const created = await editor.post('/api/schedules', {
    data: {
      playlist_name: 'Default playlist',
      schedule_name: fields.name,
      available_date_from: today,
      available_date_to: '',
      available_time_from: '',
      available_time_to: '',
      contents: fields.contents,
      dest: fields.dest,
      download_allow_hour: '',
      zone_code: 'Asia/Tokyo',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()).data as { schedule_id: string }).schedule_id;
}

/** Tomorrow and a week later in Tokyo: a Night schedule any day may set. */
export function nightWeek(): { from: string; to: string } {
  const day = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date(Date.now() + offset * 86_400_000));
  return { from: day(1), to: day(7) };
}

/** A tag's value and its names in the four languages. */
export type TagFields = { value: string; en: string; ja: string; zh: string; ko: string };

/** Names in the four languages made from the English one ('Area' -> 'Area (ja)', …). */
export const namesOf = (en: string) => ({ en, ja: `${en} (ja)`, zh: `${en} (zh)`, ko: `${en} (ko)` });

/** A tag category (a DEVICE_TAG of its own, level 1) and one tag under it (level 2), through the API: the tag's id. */
export async function makeTagPair(staff: APIRequestContext, category: TagFields, tag: TagFields): Promise<string> {
  let id = '';
  for (const body of [
    { type: 'DEVICE_TAG', ...category, note: '' },
    { type: `DEVICE_TAG-${category.value}`, ...tag, note: '' },
  ]) {
    const saved = await staff.post('/api/setting', { data: body });
    expect(saved.status(), await saved.text()).toBe(200);
    id = ((await saved.json()).data as { id: string }).id;
  }
  return id;
}
