import type { Database } from '../../db/client';

/**
 * Says why a content may not be deleted (for example: a schedule still plays it), or null when nothing
 * holds it. There are no schedules yet: the schedules feature adds its check to CONTENT_USAGE_CHECKS, one
 * line, the way modules join MODULES; deleting then answers 409 with the check's message.
 */
export type ContentUsageCheck = (db: Database, contentId: string) => Promise<string | null>;

export const CONTENT_USAGE_CHECKS: ContentUsageCheck[] = [];

/** The first reason any check gives, or null. */
export async function contentInUse(
  db: Database,
  contentId: string,
  checks: readonly ContentUsageCheck[] = CONTENT_USAGE_CHECKS,
): Promise<string | null> {
  for (const check of checks) {
    const reason = await check(db, contentId);
    if (reason) return reason;
  }
  return null;
}
