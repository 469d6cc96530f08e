import { MORE_RESULTS, NO_MORE_RESULTS, type TContent } from '@signage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContent } from '../../src/modules/contents/repo';
import { createTestApp, type TestApp } from '../helpers';
import { signedIn } from './support';

let t: TestApp;
let mk: string;
const BASE = Date.UTC(2026, 0, 1, 12);

/** 25 rows straight through the repo: JP and US, the three types, one minute apart. */
async function seed() {
  const types = ['image', 'movie', 'stream'] as const;
  for (let i = 0; i < 25; i += 1) {
    await insertContent(t.db, {
      key: `key-${i}`,
      name: i % 5 === 0 ? `Summer ${i}` : `Item ${i}`,
      type: types[i % 3]!,
      displayPattern: i % 2 === 0 ? 'Multi,CW' : '1x1v',
      region: i < 20 ? 'JP' : 'US',
      mediaKey: `contents/x${i}/original.png`,
      thumbnailKey: `contents/x${i}/thumbnail.jpg`,
      createdBy: 'seed',
      updatedAt: new Date(BASE + i * 60_000),
    });
  }
}

async function list(cookie: string, query: string) {
  const response = await t.app.inject({ url: `/api/contents?${query}`, headers: { cookie } });
  return response;
}

async function allPages(cookie: string, query: string): Promise<{ names: string[]; pages: number[] }> {
  const names: string[] = [];
  const pages: number[] = [];
  let cursor: string | null = null;
  do {
    const response = await list(cookie, `${query}${cursor ? `&endCursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const { contents, summary } = response.json().data as {
      contents: TContent[];
      summary: { endCursor: string | null; moreResults: string };
    };
    names.push(...contents.map((c) => c.name));
    pages.push(contents.length);
    expect(summary.moreResults).toBe(summary.endCursor ? MORE_RESULTS : NO_MORE_RESULTS);
    cursor = summary.endCursor;
  } while (cursor);
  return { names, pages };
}

beforeAll(async () => {
  t = await createTestApp();
  mk = await signedIn(t.app, t.db, 'DS_MK');
  await seed();
});
afterAll(() => t.close());

describe('GET /api/contents', () => {
  it('pages by keyset cursor, newest first by default, oldest first with ASC', async () => {
    const desc = await allPages(mk, 'order=DESC');
    expect(desc.pages).toEqual([10, 10, 5]);
    expect(desc.names[0]).toBe('Item 24');
    expect(desc.names.at(-1)).toBe('Summer 0');
    expect(new Set(desc.names).size).toBe(25);
    const asc = await allPages(mk, 'order=ASC');
    expect(asc.names).toEqual([...desc.names].reverse());
  });

  it('filters by name, media type, display pattern, region and update dates', async () => {
    expect((await allPages(mk, 'name=summer')).names).toEqual([
      'Summer 20',
      'Summer 15',
      'Summer 10',
      'Summer 5',
      'Summer 0',
    ]);
    expect((await allPages(mk, 'media_type=live')).names.length).toBe(8);
    expect((await allPages(mk, 'media_type=video')).names.length).toBe(8);
    expect((await allPages(mk, 'media_type=image')).names.length).toBe(9);
    // The schedule wizard's images-and-movies kind: everything but live.
    expect((await allPages(mk, 'media_type=image_movie')).names.length).toBe(17);
    expect((await allPages(mk, 'display_pattern=1x1v')).names.length).toBe(12);
    expect((await allPages(mk, 'region=US')).names.length).toBe(5);
    expect((await allPages(mk, 'start_date=2026-01-01&end_date=2026-01-01')).names.length).toBe(25);
    expect((await allPages(mk, 'end_date=2025-12-31')).names).toEqual([]);
    expect((await allPages(mk, 'name=%25')).names).toEqual([]);
  });

  it('refuses a forged cursor and a search start date in the future', async () => {
    expect((await list(mk, 'endCursor=not-a-cursor')).statusCode).toBe(400);
    expect((await list(mk, 'start_date=2999-01-01')).statusCode).toBe(400);
  });
});

describe('region isolation', () => {
  it('shows region-bound roles only their region and refuses any other', async () => {
    const jp = await signedIn(t.app, t.db, 'DS_LHQBIZ', 'JP');
    const us = await signedIn(t.app, t.db, 'DS_LHQIT', 'US');
    const jpNames = (await allPages(jp, 'order=DESC')).names;
    expect(jpNames.length).toBe(20);
    expect((await allPages(us, 'order=DESC')).names).toEqual(['Item 24', 'Item 23', 'Item 22', 'Item 21', 'Summer 20']);
    expect((await list(jp, 'region=US')).statusCode).toBe(403);
    const usItem = await t.app.inject({ url: '/api/contents/key-24', headers: { cookie: jp } });
    expect(usItem.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/contents/key-24/thumbnail', headers: { cookie: jp } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/contents/key-24', headers: { cookie: us } })).statusCode).toBe(200);
  });

  it('keeps roles without the content screens out', async () => {
    const kt = await signedIn(t.app, t.db, 'DS_KT', 'JP');
    expect((await list(kt, '')).statusCode).toBe(403);
    const reader = await signedIn(t.app, t.db, 'DS_LHQIT', 'JP');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/contents/key-1',
      headers: { cookie: reader },
      payload: { name: 'x' },
    });
    expect(put.statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/contents/key-1', headers: { cookie: reader } });
    expect(del.statusCode).toBe(403);
  });
});
