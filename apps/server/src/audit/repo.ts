import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditEntry = {
  /** user_id of who acted; 'cli' for the admin command line, 'system' for the server itself. */
  actor: string;
  action: string;
  target?: string;
  detail?: Record<string, unknown>;
  /**
   * The region the entry belongs to (who may read it): the region of the object acted on when it has one (a
   * player, a store, a registration), else the acting user's region; '' (the default) for none.
   */
  region?: string;
};

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
    region: entry.region ?? '',
  });
}
