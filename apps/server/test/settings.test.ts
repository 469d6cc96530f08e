import {
  LOCATIONS,
  MESSAGES,
  MORE_RESULTS,
  NO_MORE_RESULTS,
  ROLES,
  STORE_TYPES,
  type TSetting,
  type TSettingList,
} from '@signage/domain';
import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, settings } from '../src/db/schema';
import { createTestApp, createUser, loginAs, type TestApp } from './helpers';

let t: TestApp;
let frit: string;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  frit = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
});
afterAll(async () => {
  await t?.close();
});

const call = (options: InjectOptions, cookie = frit) =>
  t.app.inject({ ...options, headers: { ...options.headers, cookie } });

const unique = (prefix: string) => `${prefix}${++sequence}`;
const names = (label: string) => ({ en: `${label} en`, ja: `${label} ja`, zh: `${label} zh`, ko: `${label} ko` });

async function create(body: Record<string, unknown>, cookie = frit): Promise<TSetting> {
  const response = await call({ method: 'POST', url: '/api/setting', payload: body }, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function createCategory(base = 'DEVICE_TAG'): Promise<TSetting> {
  const value = unique('cat');
  return create({ type: base, value, ...names(value), note: '' });
}

async function list(query: string, cookie = frit): Promise<TSettingList> {
  const response = await call({ method: 'GET', url: `/api/setting${query}` }, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('presets installed by the migration', () => {
  it('has every store type and location as a level-1 preset with four names', async () => {
    const storeTypes = await list('?type=STORE_TYPE&preset=true&limit=500');
    expect(storeTypes.settings.map((s) => s.value).sort()).toEqual([...STORE_TYPES].sort());
    const locations = await list('?type=DEVICE_TYPE&preset=true&limit=500');
    expect(locations.settings.map((s) => s.value).sort()).toEqual([...LOCATIONS].sort());
    for (const s of [...storeTypes.settings, ...locations.settings]) {
      expect(s).toMatchObject({ level: 1, preset: true, type_id: null });
      for (const name of [s.en, s.ja, s.zh, s.ko]) expect(name.trim()).not.toBe('');
    }
    const inOrder = await list('?preset=true&limit=500');
    expect(inOrder.settings.map((s) => s.value)).toEqual([...STORE_TYPES, ...LOCATIONS]);
    const flagship = storeTypes.settings.find((s) => s.value === '3Flagship');
    expect(flagship).toMatchObject({ en: 'Flagship', ja: '旗艦店', zh: '旗艦店', ko: '플래그십 매장' });
    const unset = locations.settings.find((s) => s.value === '9Unset');
    expect(unset).toMatchObject({ en: 'Unset', ja: '未設定', zh: '未設定', ko: '미설정' });
  });

  it('refuses to delete a preset (409) and to change its type or value, but lets its names change', async () => {
    const [preset] = (await list('?type=DEVICE_TYPE&preset=true')).settings;
    if (!preset) throw new Error('no preset');
    const removal = await call({ method: 'DELETE', url: `/api/setting/${preset.key}` });
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe(MESSAGES.tagPresetNotDeletable);
    const body = { type: preset.type, value: preset.value, ...names('Corrected'), note: 'fixed' };
    const moved = await call({ method: 'PUT', url: `/api/setting/${preset.key}`, payload: { ...body, value: 'X1' } });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(MESSAGES.tagPresetFixed);
    const renamed = await call({ method: 'PUT', url: `/api/setting/${preset.key}`, payload: body });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ en: 'Corrected en', note: 'fixed', preset: true });
  });
});

describe('CRUD', () => {
  it('creates, reads, updates and deletes a tag, auditing every write', async () => {
    const value = unique('free');
    const created = await create({ type: 'DEVICE_TAG', value, ...names('Free'), note: ' a note ' });
    expect(created).toMatchObject({
      type: 'DEVICE_TAG',
      value,
      level: 1,
      type_id: null,
      note: 'a note',
      preset: false,
    });
    expect(created.key).toBe(created.id);

    const read = await call({ method: 'GET', url: `/api/setting/${created.key}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ result: 'Success', message: '', data: created });

    const update = { type: 'DEVICE_TAG', value: `${value}x`, ...names('Changed') };
    const updated = await call({ method: 'PUT', url: `/api/setting/${created.key}`, payload: update });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ ...update, note: '', id: created.id });

    const removed = await call({ method: 'DELETE', url: `/api/setting/${created.key}` });
    expect(removed.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: `/api/setting/${created.key}` })).statusCode).toBe(404);

    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, created.id))
      .orderBy(desc(auditLog.id));
    expect(actions.map((a) => a.action)).toEqual(['setting.delete', 'setting.update', 'setting.create']);
  });

  it('answers 404, never 500, for keys that do not exist or are not ids', async () => {
    for (const key of ['00000000-0000-4000-8000-000000000000', 'not-a-key', "1'; drop table settings;--"]) {
      const url = `/api/setting/${encodeURIComponent(key)}`;
      expect((await call({ method: 'GET', url })).statusCode).toBe(404);
      expect((await call({ method: 'DELETE', url })).statusCode).toBe(404);
      const payload = { type: 'DEVICE_TAG', value: 'v', ...names('n') };
      expect((await call({ method: 'PUT', url, payload })).statusCode).toBe(404);
    }
  });
});

describe('validation (SPEC.md section 5)', () => {
  const complete = () => ({ type: 'DEVICE_TAG', value: unique('val'), ...names('Valid'), note: '' });
  it.each([
    ['type', MESSAGES.selectType],
    ['value', MESSAGES.enterValue],
    ['en', MESSAGES.enterNameEn],
    ['ja', MESSAGES.enterNameJp],
    ['zh', MESSAGES.enterNameCn],
    ['ko', MESSAGES.enterNameKr],
  ])('answers 400 "%s" missing or blank with its message', async (field, message) => {
    for (const replacement of [undefined, '', '   ']) {
      const body: Record<string, unknown> = { ...complete(), [field]: replacement };
      const response = await call({ method: 'POST', url: '/api/setting', payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ result: 'Failure', message, data: null });
    }
  });

  it('takes the note as optional and bounds the lengths with a clear message', async () => {
    const { note: _note, ...withoutNote } = complete();
    expect((await create(withoutNote)).note).toBe('');
    for (const body of [
      { ...complete(), en: 'x'.repeat(201) },
      { ...complete(), note: 'x'.repeat(1001) },
    ]) {
      const response = await call({ method: 'POST', url: '/api/setting', payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.tagTextTooLong);
    }
  });

  it('answers 400 for an unknown type, a dashed type without category, and bad bodies', async () => {
    const cases: [unknown, string][] = [
      [{ ...complete(), type: 'COLOUR' }, MESSAGES.tagUnknownType],
      [{ ...complete(), type: 'COLOUR-red' }, MESSAGES.tagUnknownType],
      [{ ...complete(), type: 'DEVICE_TAG-nothing-here' }, MESSAGES.tagCategoryMissing],
      [{ ...complete(), type: 'STORE_TYPE-2Large' }, MESSAGES.tagCategoryMissing],
      [{ ...complete(), en: 42 }, MESSAGES.enterNameEn],
    ];
    for (const [payload, message] of cases) {
      const response = await call({ method: 'POST', url: '/api/setting', payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const garbage = await call({
      method: 'POST',
      url: '/api/setting',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbage.statusCode).toBe(400);
  });
});

describe('levels and categories', () => {
  it('derives level 2 and type_id from a dashed type, whatever the client sends', async () => {
    const category = await createCategory();
    expect(category).toMatchObject({ level: 1, type_id: null });
    const tag = await create({
      type: `DEVICE_TAG-${category.value}`,
      value: 'summer',
      ...names('Summer'),
      level: 1,
      type_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(tag).toMatchObject({ level: 2, type_id: category.id, type: `DEVICE_TAG-${category.value}` });
    const plain = await create({ type: 'STORE_TYPE', value: unique('outlet'), ...names('Outlet'), level: 2 });
    expect(plain).toMatchObject({ level: 1, type_id: null });
  });

  it('refuses to delete a category with tags, then deletes it once they are gone', async () => {
    const category = await createCategory();
    const tag = await create({ type: `DEVICE_TAG-${category.value}`, value: 'a', ...names('A') });
    const refused = await call({ method: 'DELETE', url: `/api/setting/${category.key}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ result: 'Failure', message: MESSAGES.tagTypeInUse, data: null });
    expect((await call({ method: 'DELETE', url: `/api/setting/${tag.key}` })).statusCode).toBe(200);
    expect((await call({ method: 'DELETE', url: `/api/setting/${category.key}` })).statusCode).toBe(200);
  });

  it('moves the tags along when a category is renamed, and will not nest a category that has tags', async () => {
    const category = await createCategory();
    const other = await createCategory();
    const tag = await create({ type: `DEVICE_TAG-${category.value}`, value: 't', ...names('T') });
    const newValue = unique('renamed');
    const body = { type: 'DEVICE_TAG', value: newValue, ...names('Renamed') };
    expect((await call({ method: 'PUT', url: `/api/setting/${category.key}`, payload: body })).statusCode).toBe(200);
    const moved = (await call({ method: 'GET', url: `/api/setting/${tag.key}` })).json().data;
    expect(moved).toMatchObject({ type: `DEVICE_TAG-${newValue}`, type_id: category.id, level: 2 });

    const nested = { ...body, type: `DEVICE_TAG-${other.value}` };
    const refused = await call({ method: 'PUT', url: `/api/setting/${category.key}`, payload: nested });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.tagTypeInUse);
    const self = { ...body, type: `DEVICE_TAG-${newValue}` };
    const selfNested = await call({ method: 'PUT', url: `/api/setting/${category.key}`, payload: self });
    expect(selfNested.statusCode).toBe(400);
    expect(selfNested.json().message).toBe(MESSAGES.tagCategoryMissing);
  });
});

describe('uniqueness', () => {
  it('answers 409 for a value taken within the type, on create and on update; other types may reuse it', async () => {
    const value = unique('dup');
    const first = await create({ type: 'DEVICE_TAG', value, ...names('First') });
    const again = await call({
      method: 'POST',
      url: '/api/setting',
      payload: { type: 'DEVICE_TAG', value, ...names('B') },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ result: 'Failure', message: MESSAGES.tagValueTaken, data: null });
    await create({ type: 'STORE_TYPE', value, ...names('Other type') });
    const second = await create({ type: 'DEVICE_TAG', value: `${value}b`, ...names('Second') });
    const clash = await call({
      method: 'PUT',
      url: `/api/setting/${second.key}`,
      payload: { type: 'DEVICE_TAG', value: first.value, ...names('Second') },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(MESSAGES.tagValueTaken);
  });
});

describe('listing', () => {
  it('never lists NEW_CONTENT_LIMIT_TIME, even when asked for it', async () => {
    const hidden = await create({ type: 'NEW_CONTENT_LIMIT_TIME', value: '14', ...names('Limit') });
    const all = await list('?limit=500');
    expect(all.settings.some((s) => s.type === 'NEW_CONTENT_LIMIT_TIME')).toBe(false);
    expect(all.summary.total).toBe(all.settings.length);
    expect((await list('?type=NEW_CONTENT_LIMIT_TIME')).settings).toEqual([]);
    expect((await call({ method: 'GET', url: `/api/setting/${hidden.key}` })).statusCode).toBe(200);
  });

  it('filters by type (a base type includes its sub-types), preset and excluded level', async () => {
    const category = await createCategory('DEVICE_TYPE');
    const subType = `DEVICE_TYPE-${category.value}`;
    await create({ type: subType, value: 'x', ...names('X') });
    const byBase = await list('?type=DEVICE_TYPE&limit=500');
    expect(byBase.settings.map((s) => s.type)).toEqual(expect.arrayContaining(['DEVICE_TYPE', subType]));
    expect(byBase.settings.every((s) => s.type === 'DEVICE_TYPE' || s.type.startsWith('DEVICE_TYPE-'))).toBe(true);
    expect((await list(`?type=${subType}`)).settings.map((s) => s.value)).toEqual(['x']);
    const tagsOnly = await list('?type=DEVICE_TYPE&excludeLevel=1&limit=500');
    expect(tagsOnly.settings.every((s) => s.level === 2)).toBe(true);
    const categories = await list('?preset=false&excludeLevel=2&limit=500');
    expect(categories.settings.some((s) => s.id === category.id)).toBe(true);
    expect(categories.settings.every((s) => s.level === 1 && !s.preset)).toBe(true);
    const presets = await list('?preset=true&limit=500');
    expect(presets.summary.total).toBe(STORE_TYPES.length + LOCATIONS.length);
  });

  it('pages by keyset cursor over more than 25 rows, newest update first, with the total', async () => {
    const category = await createCategory();
    const type = `DEVICE_TAG-${category.value}`;
    for (let i = 0; i < 27; i++) await create({ type, value: `p${String(i).padStart(2, '0')}`, ...names(`P${i}`) });
    const seen: TSetting[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: TSettingList = await list(`?type=${type}${cursor ? `&endCursor=${cursor}` : ''}`);
      expect(page.summary.total).toBe(27);
      seen.push(...page.settings);
      cursor = page.summary.endCursor;
      pages++;
      expect(page.summary.moreResults).toBe(cursor ? MORE_RESULTS : NO_MORE_RESULTS);
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(27);
    expect(new Set(seen.map((s) => s.id)).size).toBe(27);
    const order = (s: TSetting) => `${s.updated_at} ${s.id}`;
    expect(seen.map(order)).toEqual(seen.map(order).sort().reverse());
  });

  it('keeps rows with the same update time apart by id', async () => {
    const category = await createCategory();
    const type = `DEVICE_TAG-${category.value}`;
    for (let i = 0; i < 5; i++) await create({ type, value: `same${i}`, ...names('Same') });
    await t.db
      .update(settings)
      .set({ updatedAt: new Date('2030-01-01T00:00:00.000Z') })
      .where(eq(settings.typeId, category.id));
    const first = await list(`?type=${type}&limit=2`);
    const rest = await list(`?type=${type}&limit=10&endCursor=${first.summary.endCursor}`);
    const ids = [...first.settings, ...rest.settings].map((s) => s.id);
    expect(new Set(ids).size).toBe(5);
    expect(rest.summary).toMatchObject({ moreResults: NO_MORE_RESULTS, endCursor: null, total: 5 });
  });

  it('answers 400 for a cursor that is not one of ours and for bad filters', async () => {
    const forged = Buffer.from(JSON.stringify(['x', 'y'])).toString('base64url');
    for (const query of [`?endCursor=${forged}`, '?endCursor=%%%', '?endCursor=bm90IGpzb24']) {
      const response = await call({ method: 'GET', url: `/api/setting${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe(MESSAGES.tagInvalidCursor);
    }
    for (const query of ['?excludeLevel=7', '?limit=0', '?limit=501', '?preset=maybe']) {
      expect((await call({ method: 'GET', url: `/api/setting${query}` })).statusCode, query).toBe(400);
    }
  });
});

describe('access (SPEC.md section 6)', () => {
  const others = ROLES.filter((role) => role !== 'DS_FRIT');

  it.each(others)('lets %s read tags and refuses its writes with 403', async (role) => {
    const cookie = await loginAs(t.app, await createUser(t.db, { role }));
    const [some] = (await list('?limit=1', cookie)).settings;
    if (!some) throw new Error('no tag');
    expect((await call({ method: 'GET', url: `/api/setting/${some.key}` }, cookie)).statusCode).toBe(200);
    const body = { type: 'DEVICE_TAG', value: unique('nope'), ...names('Nope') };
    const writes: InjectOptions[] = [
      { method: 'POST', url: '/api/setting', payload: body },
      { method: 'PUT', url: `/api/setting/${some.key}`, payload: body },
      { method: 'DELETE', url: `/api/setting/${some.key}` },
      { method: 'POST', url: '/api/setting', payload: {} },
    ];
    for (const write of writes) {
      const response = await call(write, cookie);
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect(response.json()).toEqual({ result: 'Failure', message: MESSAGES.forbidden, data: null });
    }
  });

  it('answers 401 without a session, for reads and writes', async () => {
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/api/setting' },
      { method: 'GET', url: '/api/setting/00000000-0000-4000-8000-000000000000' },
      { method: 'POST', url: '/api/setting', payload: {} },
      { method: 'PUT', url: '/api/setting/x', payload: {} },
      { method: 'DELETE', url: '/api/setting/x' },
    ];
    for (const request of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(response.json().message).toBe(MESSAGES.sessionRequired);
    }
  });
});
