import {
  AUDIT_CSV_MAX_ROWS,
  MESSAGES,
  MORE_RESULTS,
  NO_MORE_RESULTS,
  type TAuditEntry,
  type TAuditList,
  type ZAuditQuery,
} from '@signage/domain';
import type { z } from 'zod';
import { type AuditFilter, type AuditRow, listAuditEntries } from '../../audit';
import { auditReach } from '../../auth/rows';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/envelope';
import { csvText } from './csv';

type Query = z.output<typeof ZAuditQuery>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields an edit changed, from what its writer recorded: `from` and `to` (or `before` and `after`)
 * objects, each field with its value before and after; none for entries that are not edits.
 */
export function changesOf(detail: Record<string, unknown> | null): TAuditEntry['changes'] {
  if (!detail) return [];
  const before = detail.from ?? detail.before;
  const after = detail.to ?? detail.after;
  if (!isRecord(before) || !isRecord(after)) return [];
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

export function presentEntry(row: AuditRow): TAuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor ?? '',
    action: row.action,
    object: row.target ?? '',
    region: row.region,
    detail: row.detail ?? null,
    changes: changesOf(row.detail ?? null),
  };
}

/** The filter a query asks for, within the reader's reach (a region-bound reader asking another region: 403). */
function filterOf(user: SessionUser, query: Query): AuditFilter {
  return {
    region: auditReach(user, query.region || null),
    actor: query.user,
    action: query.action,
    target: query.object,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}

/** The cursor of the next page: the id of the last entry served. */
function positionOf(cursor: string | undefined): number | null {
  if (!cursor) return null;
  if (!/^[1-9]\d{0,15}$/.test(cursor)) throw new HttpError(400, MESSAGES.invalidRequest);
  return Number(cursor);
}

export async function auditList(db: Database, user: SessionUser, query: Query): Promise<TAuditList> {
  const filter = filterOf(user, query);
  const rows = await listAuditEntries(db, filter, positionOf(query.endCursor), query.limit + 1);
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(presentEntry),
    summary: {
      endCursor: more && last ? String(last.id) : null,
      moreResults: more ? MORE_RESULTS : NO_MORE_RESULTS,
    },
  };
}

/** Every entry the filters give, as CSV (at most AUDIT_CSV_MAX_ROWS; a longer answer says so). */
export async function auditCsv(
  db: Database,
  user: SessionUser,
  query: Query,
): Promise<{ fileName: string; text: string }> {
  const filter = filterOf(user, query);
  const entries: TAuditEntry[] = [];
  let before: number | null = null;
  let truncated = false;
  for (;;) {
    const rows = await listAuditEntries(db, filter, before, 1000);
    for (const row of rows) {
      if (entries.length === AUDIT_CSV_MAX_ROWS) {
        truncated = true;
        break;
      }
      entries.push(presentEntry(row));
    }
    const last = rows.at(-1);
    if (truncated || rows.length < 1000 || !last) break;
    before = last.id;
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return { fileName: `audit-${stamp}.csv`, text: csvText(entries, truncated) };
}
