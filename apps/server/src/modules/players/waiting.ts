import { and, asc, count, desc, eq, gte, isNull, type SQL } from 'drizzle-orm';
import type { Scope } from '../../auth/policies';
import { registrationWhere } from '../../auth/rows';
import type { Database } from '../../db/client';
import { devices } from '../../db/schema';

export type WaitingFilter = { scope: Scope; announcedSince: Date | null };

function waitingWhere(filter: WaitingFilter): SQL | undefined {
  return and(
    isNull(devices.deletedAt),
    eq(devices.isActivated, false),
    registrationWhere(filter.scope, devices.region),
    filter.announcedSince === null ? undefined : gte(devices.announcedAt, filter.announcedSince),
  );
}

/** Players not paired yet, oldest or newest announcement first; the list is short, so pages are numbered. */
export async function listWaiting(
  db: Database,
  filter: WaitingFilter,
  page: { order: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ deviceName: string; createdAt: Date }[]> {
  const direction = page.order === 'ASC' ? asc : desc;
  return db
    .select({ deviceName: devices.deviceName, createdAt: devices.createdAt })
    .from(devices)
    .where(waitingWhere(filter))
    .orderBy(direction(devices.createdAt), direction(devices.deviceCode))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countWaiting(db: Database, filter: WaitingFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(devices).where(waitingWhere(filter));
  return row?.n ?? 0;
}
