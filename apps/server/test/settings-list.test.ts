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
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { settings } from '../src/db/schema';
import { createUser, loginAs } from './helpers';
import { useSettingsApp } from './settingsHelpers';

// Tags: presets of the migration, listing (filters, cursor, total) and access by role.
const { ctx, call, unique, names, create, createCategory, list } = useSettingsApp();

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
    const category = await createCategory();
    const subType = `DEVICE_TAG-${category.value}`;
    await create({ type: subType, value: 'x', ...names('X') });
    const byBase = await list('?type=DEVICE_TAG&limit=500');
    expect(byBase.settings.map((s) => s.type)).toEqual(expect.arrayContaining(['DEVICE_TAG', subType]));
    expect(byBase.settings.every((s) => s.type === 'DEVICE_TAG' || s.type.startsWith('DEVICE_TAG-'))).toBe(true);
    expect((await list(`?type=${subType}`)).settings.map((s) => s.value)).toEqual(['x']);
    const tagsOnly = await list('?type=DEVICE_TAG&excludeLevel=1&limit=500');
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
    await ctx.t.db
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
    const cookie = await loginAs(ctx.t.app, await createUser(ctx.t.db, { role }));
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
      const response = await ctx.t.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(response.json().message).toBe(MESSAGES.sessionRequired);
    }
  });
});
