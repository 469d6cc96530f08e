import { MESSAGES } from '@signage/domain';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { useSettingsApp } from './settingsHelpers';

// Tags: writes, validation, levels and categories, uniqueness. Listing and access: settings-list.test.ts.
const { ctx, call, unique, names, create, createCategory } = useSettingsApp();

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

    const actions = await ctx.t.db
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

  it('keeps a new store type or installation site a plain value: only device tag entries hold tags', async () => {
    for (const base of ['STORE_TYPE', 'DEVICE_TYPE']) {
      const plain = await create({ type: base, value: unique('plain'), ...names('Plain'), note: '' });
      expect(plain.level).toBe(1);
      const under = await call({
        method: 'POST',
        url: '/api/setting',
        payload: { ...complete(), type: `${base}-${plain.value}` },
      });
      expect(under.statusCode, base).toBe(400);
      expect(under.json().message).toBe(MESSAGES.tagUnknownType);
    }
  });

  it('answers 400 for an unknown type, a dashed type without category, and bad bodies', async () => {
    const cases: [unknown, string][] = [
      [{ ...complete(), type: 'COLOUR' }, MESSAGES.tagUnknownType],
      [{ ...complete(), type: 'COLOUR-red' }, MESSAGES.tagUnknownType],
      [{ ...complete(), type: 'DEVICE_TAG-nothing-here' }, MESSAGES.tagCategoryMissing],
      [{ ...complete(), type: 'STORE_TYPE-2Large' }, MESSAGES.tagUnknownType],
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
