import { AUDIT_MESSAGES, MESSAGES, type TAuditEntry, type TAuditList } from '@signage/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/audit/repo';
import { createTestApp, createUser, loginAs, type TestApp } from '../helpers';
import { activePlayer } from '../players/fixtures';

/** The audit trail's reads (issue 29 item 7): filters, the region rule, pages, CSV. */
let t: TestApp;
let frit: string;
let itJp: string;
let jpPlayer: string;
let krPlayer: string;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestApp();
  frit = await loginAs(t.app, await createUser(t.db, { role: 'DS_FRIT', userId: `frit-${stamp}`, region: '' }));
  itJp = await loginAs(t.app, await createUser(t.db, { role: 'DS_LHQIT', userId: `it-jp-${stamp}`, region: 'JP' }));
  jpPlayer = (await activePlayer(t.app, frit, { region: 'JP', shop_no: '0101' })).device_code;
  krPlayer = (await activePlayer(t.app, frit, { region: 'KR', shop_no: '0202' })).device_code;
});
afterAll(async () => {
  await t?.close();
});

const list = async (cookie: string, query: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/audit', query, headers: { cookie } });
  return { status: response.statusCode, body: response.json() as { message: string; data: TAuditList } };
};
const entries = async (cookie: string, query: Record<string, string> = {}) => {
  const answer = await list(cookie, query);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.entries;
};
const edit = (cookie: string, code: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/devices/${code}`, headers: { cookie }, payload });

describe('GET /api/audit', () => {
  it('shows who edited a player, when, and each field before and after', async () => {
    const before = new Date().toISOString();
    expect((await edit(itJp, jpPlayer, { memo: 'by the window' })).statusCode).toBe(200);
    const [entry] = await entries(frit, { action: 'player.edit', object: jpPlayer, from: before });
    expect(entry).toMatchObject({
      actor: `it-jp-${stamp}`,
      action: 'player.edit',
      object: jpPlayer,
      region: 'JP',
      changes: [{ field: 'memo', before: '', after: 'by the window' }],
    } satisfies Partial<TAuditEntry>);
    expect(Date.parse(entry?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(before));
  });

  it('gives DS_LHQIT the entries of its own region only, and 403 for another region', async () => {
    expect((await edit(frit, krPlayer, { memo: 'seoul' })).statusCode).toBe(200);
    const mine = await entries(itJp, { action: 'player.edit' });
    expect(mine.map((e) => e.object)).toContain(jpPlayer);
    expect(mine.map((e) => e.object)).not.toContain(krPlayer);
    expect(new Set(mine.map((e) => e.region))).toEqual(new Set(['JP']));
    // Naming the KR player's code does not reach it either: the answer is an empty list.
    expect(await entries(itJp, { object: krPlayer })).toEqual([]);
    const other = await list(itJp, { region: 'KR' });
    expect(other.status).toBe(403);
    // DS_FRIT sees both, and narrows to a region when it asks.
    expect((await entries(frit, { action: 'player.edit' })).map((e) => e.object)).toEqual(
      expect.arrayContaining([jpPlayer, krPlayer]),
    );
    expect((await entries(frit, { action: 'player.edit', region: 'KR' })).map((e) => e.object)).toEqual([krPlayer]);
  });

  it('filters by user, action, object and time', async () => {
    const user = `filter-${stamp}`;
    const at = (iso: string) => new Date(iso);
    for (const [action, target, when] of [
      ['setting.create', 'tag-1', '2026-01-01T10:00:00Z'],
      ['setting.update', 'tag-1', '2026-01-02T10:00:00Z'],
      ['setting.delete', 'tag-2', '2026-01-03T10:00:00Z'],
    ] as const) {
      await recordAudit(t.db, { actor: user, action, target, region: 'JP' });
      // The time is the database's; an old entry is written as the tests need it.
      await t.db.execute(sql`update audit_log set at = ${at(when)} where actor = ${user} and action = ${action}`);
    }
    const actions = async (query: Record<string, string>) =>
      (await entries(frit, { user, ...query })).map((e) => e.action);
    expect(await actions({})).toEqual(['setting.delete', 'setting.update', 'setting.create']);
    expect(await actions({ action: 'setting.update' })).toEqual(['setting.update']);
    expect(await actions({ object: 'tag-1' })).toEqual(['setting.update', 'setting.create']);
    expect(await actions({ from: '2026-01-02T00:00:00Z', to: '2026-01-02T23:59:59Z' })).toEqual(['setting.update']);
    expect(await actions({ from: '2026-01-02T00:00:00Z' })).toEqual(['setting.delete', 'setting.update']);
    expect(await actions({ to: '2026-01-01T23:00:00+09:00' })).toEqual(['setting.create']);
  });

  it('pages newest first with a cursor and reaches every entry once', async () => {
    const user = `pages-${stamp}`;
    for (let i = 0; i < 5; i += 1) await recordAudit(t.db, { actor: user, action: 'user.login', target: String(i) });
    const first = await list(frit, { user, limit: '2' });
    expect(first.body.data.entries.map((e) => e.object)).toEqual(['4', '3']);
    const seen = [...first.body.data.entries];
    let cursor = first.body.data.summary.endCursor;
    while (cursor) {
      const next = await list(frit, { user, limit: '2', endCursor: cursor });
      seen.push(...next.body.data.entries);
      cursor = next.body.data.summary.endCursor;
    }
    expect(seen.map((e) => e.object)).toEqual(['4', '3', '2', '1', '0']);
    expect((await list(frit, { endCursor: 'not-a-cursor' })).status).toBe(400);
  });

  it('refuses a bad filter with its message at the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: 'yesterday' }, AUDIT_MESSAGES.invalidFrom],
      [{ to: '2026-13-45T00:00:00Z' }, AUDIT_MESSAGES.invalidTo],
      [{ from: '2026-02-02T00:00:00Z', to: '2026-02-01T00:00:00Z' }, AUDIT_MESSAGES.toBeforeFrom],
      [{ action: 'DROP TABLE' }, AUDIT_MESSAGES.invalidAction],
      [{ user: 'u'.repeat(65) }, AUDIT_MESSAGES.invalidUser],
    ];
    for (const [query, message] of cases) {
      const answer = await list(frit, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });

  it('is refused to the roles that may not read it', async () => {
    const mk = await loginAs(t.app, await createUser(t.db, { role: 'DS_MK', region: '' }));
    const answer = await list(mk);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(MESSAGES.forbidden);
  });
});

describe('GET /api/audit/csv', () => {
  it('downloads what the filters give, with a header, quoted fields and formulas defused', async () => {
    const user = `csv-${stamp}`;
    await recordAudit(t.db, {
      actor: user,
      action: 'setting.update',
      target: '=HYPERLINK("x")',
      region: 'JP',
      detail: { from: { value: 'a,b' }, to: { value: 'c' } },
    });
    await recordAudit(t.db, { actor: user, action: 'setting.create', target: 'kr-tag', region: 'KR' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/audit/csv',
      query: { user },
      headers: { cookie: itJp },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,at,user,action,object,region,changes,detail');
    // DS_LHQIT (JP) gets the JP entry only.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,${user},setting.update,"'=HYPERLINK(""x"")",JP,"value: ""a,b"" -> ""c""",`);
    expect(lines[2]).toBe('');
  });
});
