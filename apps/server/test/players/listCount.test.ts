import { MESSAGES } from '@signage/domain';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import type { Database, DatabaseHandle } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { devices } from '../../src/db/schema';
import { MODULES } from '../../src/registry';
import { createTestDatabase, createUser, loginAs, testConfig } from '../helpers';
import { query } from './fixtures';

/**
 * The player list's total is counted once per search (issue 15 item 2): the first page counts, the
 * next pages read the total from the endCursor. 'Store name contains' and memo search go through
 * trigram indexes; the kitting view's order has an index. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

type Logged = { query: string; params: unknown[] };
const logged: Logged[] = [];
let handle: DatabaseHandle;
let db: Database;
let app: App;
let frit: string;
let kt: string;

/** The same database with every statement recorded. */
function recording(base: DatabaseHandle): Database {
  const logger = { logQuery: (text: string, params: unknown[]) => void logged.push({ query: text, params }) };
  const client = (base.db as unknown as { $client: never }).$client;
  return (base.kind === 'pglite'
    ? drizzlePglite({ client, schema, logger })
    : drizzlePg({ client, schema, logger })) as unknown as Database;
}

const countQueries = () => logged.filter((q) => /count\(\*\) from "devices"/i.test(q.query));

const NAMES = ['Shibuya Store', 'SHIBUYA east', 'Osaka 100% Outlet', 'Osaka 1000 Outlet', 'Kobe_Port', 'KobeXPort'];

beforeAll(async () => {
  handle = await createTestDatabase();
  db = recording(handle);
  app = await buildApp({ config: testConfig(), db, modules: MODULES });
  await app.ready();
  const base = Date.UTC(2026, 0, 1);
  await db.insert(devices).values([
    ...NAMES.map((shopName, i) => ({
      deviceCode: `LC${String(i).padStart(4, '0')}`,
      deviceName: `LC-SN-${i}`,
      region: 'JP',
      shopNo: String(i + 1).padStart(4, '0'),
      shopName,
      memo: i % 2 === 0 ? `Near the Entrance_${i}` : `back office ${i}%`,
      isActivated: i !== 5,
      registeredAt: new Date(base),
      updatedAt: new Date(base + i * 1000),
    })),
    // Waiting (not registered) and deleted players never count.
    { deviceCode: 'LC9000', deviceName: 'LC-SN-W', region: 'JP', shopName: 'Shibuya Store' },
    {
      deviceCode: 'LC9001',
      deviceName: 'LC-SN-D',
      region: 'JP',
      shopName: 'Shibuya Store',
      isActivated: true,
      registeredAt: new Date(base),
      deletedAt: new Date(base),
    },
  ]);
  frit = await loginAs(app, await createUser(handle.db, { role: 'DS_FRIT' }));
  kt = await loginAs(app, await createUser(handle.db, { role: 'DS_KT', region: 'JP' }));
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
});

async function list(cookie: string, params: Record<string, string | number | undefined>) {
  const response = await app.inject({ method: 'GET', url: `/api/devices?${query(params)}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    devices: { device_code: string; shop_name: string }[];
    summary: { total: number; endCursor: string | null; moreResults: string };
  };
}

/** Every page of a search: its rows, the totals each page showed and the count queries each page ran. */
async function allPages(cookie: string, params: Record<string, string | number | undefined>) {
  const codes: string[] = [];
  const totals: number[] = [];
  const counts: number[] = [];
  let endCursor: string | undefined;
  do {
    const before = countQueries().length;
    const data = await list(cookie, { ...params, endCursor });
    counts.push(countQueries().length - before);
    totals.push(data.summary.total);
    codes.push(...data.devices.map((d) => d.device_code));
    endCursor = data.summary.endCursor ?? undefined;
    if (data.devices.length < Number(params.limit ?? 20)) break;
  } while (endCursor);
  return { codes, totals, counts };
}

describe('player list total: counted once per search', () => {
  it('counts on the first page only and keeps the total right across pages', async () => {
    const { codes, totals, counts } = await allPages(frit, { limit: 2 });
    expect(codes).toEqual(['LC0004', 'LC0003', 'LC0002', 'LC0001', 'LC0000']);
    expect(new Set(codes).size).toBe(codes.length);
    expect(totals).toEqual([5, 5, 5]);
    expect(counts).toEqual([1, 0, 0]);
  });

  it('the kitting view (no is_activated condition) counts unpaired players too, once', async () => {
    const { codes, totals, counts } = await allPages(kt, { limit: 4, order: 'ASC' });
    expect(codes).toEqual(['LC0000', 'LC0001', 'LC0002', 'LC0003', 'LC0004', 'LC0005']);
    expect(totals).toEqual([6, 6]);
    expect(counts).toEqual([1, 0]);
  });

  it("counts again when a cursor is used with another search, and answers that search's total", async () => {
    const first = await list(frit, { limit: 1 });
    expect(first.summary.total).toBe(5);
    const before = countQueries().length;
    const other = await list(frit, { limit: 1, shop_name: 'osaka', endCursor: first.summary.endCursor ?? undefined });
    expect(countQueries().length - before).toBe(1);
    expect(other.summary.total).toBe(2);
    expect(other.devices.map((d) => d.device_code)).toEqual(['LC0003']);
  });

  it("a cursor without a total, or with the total of another search, gets the search's own total", async () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const at = Date.UTC(2026, 0, 1, 0, 0, 5);
    // Counted by the first test and unchanged since: the per-search cache answers (listTotals.test.ts).
    let before = countQueries().length;
    const plain = await list(frit, { limit: 2, endCursor: cursor([at, 'LC0005']) });
    expect(countQueries().length - before).toBe(0);
    expect(plain.summary.total).toBe(5);
    before = countQueries().length;
    const forged = await list(frit, { limit: 2, endCursor: cursor([at, 'LC0005', 999, 'not-this-search']) });
    expect(countQueries().length - before).toBe(0);
    expect(forged.summary.total).toBe(5);
    for (const bad of ['garbage', cursor([at, 'LC0005', -1, 'x']), cursor([at, 'LC0005', 1.5, 'x']), cursor([at])]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/devices?${query({ endCursor: bad })}`,
        headers: { cookie: frit },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.invalidRequest);
    }
  });
});

describe('store name and memo search (trigram indexes)', () => {
  it('matches anywhere, case-insensitively, with % and _ taken literally', async () => {
    const names = async (params: Record<string, string>) =>
      (await list(kt, { ...params, order: 'ASC' })).devices.map((d) => d.shop_name);
    expect(await names({ shop_name: 'shibuya' })).toEqual(['Shibuya Store', 'SHIBUYA east']);
    expect(await names({ shop_name: 'BUY' })).toEqual(['Shibuya Store', 'SHIBUYA east']);
    expect(await names({ shop_name: '0%' })).toEqual(['Osaka 100% Outlet']);
    expect(await names({ shop_name: 'e_p' })).toEqual(['Kobe_Port']);
    expect(await names({ shop_name: 'o' })).toHaveLength(5);
    expect(await names({ memo: 'ENTRANCE_' })).toEqual(['Shibuya Store', 'Osaka 100% Outlet', 'Kobe_Port']);
    expect(await names({ memo: '3%' })).toEqual(['Osaka 1000 Outlet']);
    expect(await names({ memo: 'office', shop_name: 'kobe' })).toEqual(['KobeXPort']);
    const total = (await list(kt, { shop_name: 'shibuya', limit: 1 })).summary.total;
    expect(total).toBe(2);
  });
});

describe('query plans (EXPLAIN)', () => {
  /** The plan of the statement a list request ran (on a fleet of a few thousand players, analysed). */
  async function planOf(cookie: string, params: Record<string, string>, pick: (q: Logged) => boolean) {
    const from = logged.length;
    await list(cookie, params);
    const statement = logged.slice(from).find(pick);
    expect(statement).toBeDefined();
    const literal = (value: unknown) =>
      value === null
        ? 'null'
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : `'${(value instanceof Date ? value.toISOString() : String(value)).replaceAll("'", "''")}'`;
    const text = statement!.query.replace(/\$(\d+)/g, (_, n: string) => literal(statement!.params[Number(n) - 1]));
    return handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql.raw(`explain ${text}`) as SQL);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
  }

  beforeAll(async () => {
    // After the tests above: enough players in two regions for the planner to prefer the indexes.
    await handle.db.execute(sql`
      insert into devices (device_code, device_name, region, shop_no, shop_name, memo, is_activated, registered_at,
        updated_at)
      select 'BK' || lpad(i::text, 6, '0'), 'BK-SN-' || i, (array['JP', 'GB'])[1 + i % 2],
        lpad((i % 900)::text, 4, '0'), 'Bulk store ' || i, 'bulk memo ' || i, i % 10 <> 0, now(),
        timestamptz '2025-06-01' + (i || ' seconds')::interval
      from generate_series(1, 4000) as i`);
    await handle.db.execute(sql`analyze devices`);
  });

  const listQuery = (q: Logged) => /^select .* from "devices" .*order by/i.test(q.query);

  it('the ILIKE searches and their count use the trigram indexes', async () => {
    expect(await planOf(frit, { shop_name: 'shibuya' }, listQuery)).toContain('devices_shop_name_trgm_idx');
    expect(await planOf(frit, { memo: 'entrance' }, listQuery)).toContain('devices_memo_trgm_idx');
    expect(await planOf(frit, { shop_name: 'osaka', limit: '1' }, (q) => countQueries().includes(q))).toContain(
      'devices_shop_name_trgm_idx',
    );
  });

  it("the kitting view's order uses its index", async () => {
    const plan = await planOf(kt, {}, listQuery);
    expect(plan).toMatch(/Index Scan.* using devices_kitting_(region_)?updated_idx/);
    // The page's own order comes from the index; the rows' tags (a subplan per row) sort by tag.
    const pageOrder = plan.split(/\n\s*SubPlan/)[0];
    expect(pageOrder).not.toMatch(/Sort/);
  });
});
