import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

/** The audit trail's reads (this folder owns audit_log): filters already decided by the caller's reach. */
export type AuditFilter = {
  /** null: every region (a region-free reader with no region chosen). */
  region: string | null;
  actor?: string;
  action?: string;
  target?: string;
  from?: Date;
  to?: Date;
};

export type AuditRow = typeof auditLog.$inferSelect;

function whereOf(filter: AuditFilter, before: number | null): SQL | undefined {
  return and(
    filter.region === null ? undefined : eq(auditLog.region, filter.region),
    filter.actor === undefined ? undefined : eq(auditLog.actor, filter.actor),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.target === undefined ? undefined : eq(auditLog.target, filter.target),
    filter.from === undefined ? undefined : gte(auditLog.at, filter.from),
    filter.to === undefined ? undefined : lte(auditLog.at, filter.to),
    before === null ? undefined : lt(auditLog.id, before),
  );
}

/**
 * Up to `limit` entries older than the entry `before` (null: from the newest), newest first. Entries are
 * ordered by their id, the order they were written in: their times come from the database's clock at the
 * start of each writing transaction, with microseconds a JavaScript date cannot carry in a cursor.
 */
export async function listAuditEntries(
  db: Database,
  filter: AuditFilter,
  before: number | null,
  limit: number,
): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(whereOf(filter, before)).orderBy(desc(auditLog.id)).limit(limit);
}
