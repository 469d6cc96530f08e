import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maintenanceRuns } from '../../db/schema';

/**
 * Claims the slot starting at `slotStart` for the job `name`: true for exactly one caller per slot among all
 * the processes sharing the database (the one whose write moved the row's slot forward), false for the rest.
 */
export async function claimSlot(db: Database, name: string, slotStart: Date): Promise<boolean> {
  const rows = await db
    .insert(maintenanceRuns)
    .values({ name, slotStart })
    .onConflictDoUpdate({
      target: maintenanceRuns.name,
      set: { slotStart },
      setWhere: lt(maintenanceRuns.slotStart, slotStart),
    })
    .returning({ name: maintenanceRuns.name });
  return rows.length > 0;
}
