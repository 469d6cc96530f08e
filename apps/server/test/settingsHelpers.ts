import type { TSetting, TSettingList } from '@signage/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, createUser, loginAs, type TestApp } from './helpers';

/**
 * The tag tests' app and calls: one app and database per test file, signed in as DS_FRIT unless a
 * cookie is given.
 */
export function useSettingsApp() {
  const ctx = { t: undefined as unknown as TestApp, frit: '' };
  let sequence = 0;

  beforeAll(async () => {
    ctx.t = await createTestApp();
    ctx.frit = await loginAs(ctx.t.app, await createUser(ctx.t.db, { role: 'DS_FRIT' }));
  });
  afterAll(async () => {
    await ctx.t?.close();
  });

  const call = (options: InjectOptions, cookie = ctx.frit) =>
    ctx.t.app.inject({ ...options, headers: { ...options.headers, cookie } });
  const unique = (prefix: string) => `${prefix}${++sequence}`;
  const names = (label: string) => ({ en: `${label} en`, ja: `${label} ja`, zh: `${label} zh`, ko: `${label} ko` });

  async function create(body: Record<string, unknown>, cookie = ctx.frit): Promise<TSetting> {
    const response = await call({ method: 'POST', url: '/api/setting', payload: body }, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  async function createCategory(): Promise<TSetting> {
    const value = unique('cat');
    return create({ type: 'DEVICE_TAG', value, ...names(value), note: '' });
  }

  async function list(query: string, cookie = ctx.frit): Promise<TSettingList> {
    const response = await call({ method: 'GET', url: `/api/setting${query}` }, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  return { ctx, call, unique, names, create, createCategory, list };
}
