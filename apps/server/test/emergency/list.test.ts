import { EMERGENCY_PAGE, MESSAGES, MORE_RESULTS, NO_MORE_RESULTS } from '@signage/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emergencyMessages } from '../../src/db/schema';
import { encodeCursor } from '../../src/http/cursor';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';

/**
 * The emergency message list (issue 29 item 6) in keyset pages, newest first, within the user's region:
 * every message once across the pages, whatever their created_at shares, and a cursor not ours refused.
 */
let t: TestApp;
let frit: string;
let itKr: string;
let itUs: string;

type Listed = { emergency_id: string; region: string | null; text: string };
type Page = { emergencies: Listed[]; summary: { endCursor: string | null; moreResults: string } };

/**
 * Messages of a region written straight to the table, their created_at inside three milliseconds and sharing
 * microseconds (ties only the id breaks), as posts close together would leave them.
 */
async function storeMessages(region: string | null, count: number) {
  const base = '2026-03-01T09:30:00.123Z';
  await t.db.insert(emergencyMessages).values(
    Array.from({ length: count }, (_, i) => ({
      kind: 'text',
      text: `${region ?? 'all'} ${i}`,
      target: { by: 'all' as const },
      region,
      createdBy: 'it',
      createdAt: sql`${base}::timestamptz + ${Math.floor(i / 25)} * interval '1 millisecond' + ${i % 7} * interval '1 microsecond'`,
      startsAt: new Date(base),
      endsAt: new Date(Date.parse(base) + 3600_000),
      playerCount: 1,
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  frit = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT' }));
  itKr = await loginAs(t.app, await createUser(t.db, { role: 'DS_LHQIT', region: 'KR' }));
  itUs = await loginAs(t.app, await createUser(t.db, { role: 'DS_LHQIT', region: 'US' }));
  await storeMessages('KR', 60);
  await storeMessages('US', 5);
  await storeMessages(null, 3);
});
afterAll(async () => {
  await t?.close();
});

const listPage = (cookie: string, endCursor?: string) =>
  t.app.inject({ url: '/api/emergencies', query: endCursor === undefined ? {} : { endCursor }, headers: { cookie } });

async function page(cookie: string, endCursor?: string): Promise<Page> {
  const response = await listPage(cookie, endCursor);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Every page of a user's list, followed by its cursors to the end. */
async function allPages(cookie: string): Promise<Page[]> {
  const pages = [await page(cookie)];
  for (let last = pages[0]; last?.summary.endCursor; last = pages.at(-1)) {
    pages.push(await page(cookie, last.summary.endCursor));
  }
  return pages;
}

const idsOf = (pages: Page[]) => pages.flatMap((p) => p.emergencies.map((m) => m.emergency_id));

describe('the emergency message list', () => {
  it('pages 60 messages as 50 and a cursor, then 10 and no cursor: each once, its region only', async () => {
    const first = await page(itKr);
    expect(first.emergencies).toHaveLength(EMERGENCY_PAGE);
    expect(first.summary.moreResults).toBe(MORE_RESULTS);
    expect(first.summary.endCursor).toEqual(expect.any(String));
    const second = await page(itKr, first.summary.endCursor ?? '');
    expect(second.emergencies).toHaveLength(10);
    expect(second.summary).toEqual({ endCursor: null, moreResults: NO_MORE_RESULTS });

    const ids = idsOf([first, second]);
    expect(new Set(ids).size).toBe(60);
    const texts = [first, second].flatMap((p) => p.emergencies.map((m) => m.text));
    expect(texts.sort()).toEqual(Array.from({ length: 60 }, (_, i) => `KR ${i}`).sort());
    expect([first, second].flatMap((p) => p.emergencies).every((m) => m.region === 'KR')).toBe(true);
    // Newest first: the last millisecond's messages open the list, the first millisecond's close it.
    expect(first.emergencies[0]?.text).toMatch(/^KR (5\d)$/);
    expect(second.emergencies.map((m) => Number(m.text.slice(3))).every((n) => n < 25)).toBe(true);
  });

  it("keeps each user's region across pages: another region's IT sees its own, DS_FRIT every message once", async () => {
    const us = await allPages(itUs);
    expect(us).toHaveLength(1);
    expect(us[0]?.emergencies.map((m) => m.region)).toEqual(Array(5).fill('US'));
    expect(us[0]?.summary).toEqual({ endCursor: null, moreResults: NO_MORE_RESULTS });

    const all = await allPages(frit);
    expect(all.map((p) => p.emergencies.length)).toEqual([50, 18]);
    expect(new Set(idsOf(all)).size).toBe(68);
  });

  it('refuses a cursor that is not one of ours with 400', async () => {
    const notUuid = encodeCursor(new Date('2026-03-01T09:30:00.123Z'), 'DV0000000010');
    for (const cursor of ['not a cursor', notUuid, Buffer.from('[1.5,"x"]').toString('base64url'), 'x'.repeat(501)]) {
      const response = await listPage(itKr, cursor);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().message, cursor).toBe(MESSAGES.invalidRequest);
    }
  });
});
