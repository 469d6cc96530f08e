import type { Database } from '../../db/client';
import type { ContentUsageCheck } from '../types';

export type { ContentUsageCheck };

/**
 * The first reason any check gives why the content may not go, or null. Run inside the delete
 * transaction with its handle, after the content row is locked, so a schedule created meanwhile is
 * either seen here or waits for the delete and then finds the content gone.
 */
export async function contentInUse(
  tx: Database,
  contentId: string,
  checks: readonly ContentUsageCheck[],
): Promise<string | null> {
  for (const check of checks) {
    const reason = await check(tx, contentId);
    if (reason) return reason;
  }
  return null;
}
