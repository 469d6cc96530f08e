import { MESSAGES } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, loginAs, type TestApp } from './helpers';

// Input PostgreSQL cannot take, and upload bodies the multipart parser cannot read: 400, never 500.
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
});
afterAll(() => t?.close());

function expectRefused(response: { statusCode: number; json: () => unknown }, message: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ result: 'Failure', message, data: null });
}

describe('U+0000 in text', () => {
  const nul = '\u0000';

  it('is refused in query strings and path keys', async () => {
    for (const url of [
      `/api/devices?region=J${encodeURIComponent(nul)}`,
      `/api/contents?name=a${encodeURIComponent(nul)}b`,
      `/api/setting/${encodeURIComponent(`x${nul}`)}`,
      `/api/devices/${encodeURIComponent(`DV${nul}`)}`,
    ]) {
      expectRefused(await t.app.inject({ method: 'GET', url, headers: { cookie } }), MESSAGES.controlCharacters);
    }
  });

  it('is refused in JSON bodies, keys included, and nothing is stored', async () => {
    const tag = { type: 'DEVICE_TAG', value: 'nul-tag', en: `a${nul}`, ja: 'j', zh: 'z', ko: 'k', note: '' };
    const created = await t.app.inject({ method: 'POST', url: '/api/setting', headers: { cookie }, payload: tag });
    expectRefused(created, MESSAGES.controlCharacters);
    const nested = { ...tag, en: 'a', [`x${nul}`]: 1 };
    expectRefused(
      await t.app.inject({ method: 'POST', url: '/api/setting', headers: { cookie }, payload: nested }),
      MESSAGES.controlCharacters,
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/setting?type=DEVICE_TAG', headers: { cookie } });
    expect(list.json().data.settings.map((s: { value: string }) => s.value)).not.toContain('nul-tag');
  });

  it('is refused in sign-in IDs before anything is looked up', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/users/${encodeURIComponent(`admin${nul}`)}/auth`,
      payload: { password: 'x' },
    });
    expectRefused(response, MESSAGES.controlCharacters);
  });

  it('is refused in multipart fields and file names', async () => {
    const boundary = 'nulboundary';
    const part = (head: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; ${head}\r\n\r\n${value}\r\n`;
    const body =
      part('name="name"', `Sale${nul}`) +
      part('name="display_pattern"', 'LED') +
      part('name="region"', 'JP') +
      `--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contents',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expectRefused(response, MESSAGES.controlCharacters);
  });
});

describe('malformed multipart bodies', () => {
  const post = (contentType: string, payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/contents', headers: { cookie, 'content-type': contentType }, payload });
  const b = 'formboundary';
  const field = `--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\nSale\r\n`;
  const fileHead = `--${b}\r\nContent-Disposition: form-data; name="content"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

  it.each([
    [
      'a truncated body',
      `multipart/form-data; boundary=${b}`,
      `--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\nSa`,
    ],
    ['a body truncated inside the file', `multipart/form-data; boundary=${b}`, `${field}${fileHead}\u0089PNG`],
    ['no boundary', 'multipart/form-data', `${field}--${b}--\r\n`],
    [
      'a boundary over 256 characters',
      `multipart/form-data; boundary=${'a'.repeat(300)}`,
      `--${'a'.repeat(300)}--\r\n`,
    ],
    ['no parts at all', `multipart/form-data; boundary=${b}`, 'plain text, not a form'],
  ])('answers 400 for %s', async (_label, contentType, payload) => {
    expectRefused(await post(contentType, payload), MESSAGES.malformedMultipart);
    const list = await t.app.inject({ method: 'GET', url: '/api/contents', headers: { cookie } });
    expect(list.json().data.contents).toEqual([]);
  });
});
