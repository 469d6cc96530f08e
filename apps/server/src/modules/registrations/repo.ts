import { and, asc, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import { type Scope, scopeWhere } from '../../auth/policies';
import type { Database } from '../../db/client';
import { devicePins, devices } from '../../db/schema';

export type WaitingFilter = { scope: Scope; announcedSince: Date | null };

function waitingWhere(filter: WaitingFilter): SQL | undefined {
  return and(
    eq(devices.isActivated, false),
    scopeWhere({ region: filter.scope.region, shopNo: null }, { region: devices.region }, { unassigned: true }),
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

export async function findBySerial(db: Database, deviceName: string) {
  const [row] = await db.select().from(devices).where(eq(devices.deviceName, deviceName)).limit(1);
  return row;
}

export async function findByCode(db: Database, deviceCode: string) {
  const [row] = await db.select().from(devices).where(eq(devices.deviceCode, deviceCode)).limit(1);
  return row;
}

export type StoreValues = {
  region: string;
  shopNo: string;
  shopName: string;
  displayPattern: string;
  memo: string;
  storeType?: string;
  deviceType?: string;
};

/** Sets the store of a player that is not paired yet; false when it is gone or paired meanwhile. */
export async function registerStore(
  db: Database,
  deviceCode: string,
  values: StoreValues,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(devices)
    .set({ ...values, registeredAt: now, updatedAt: now })
    .where(and(eq(devices.deviceCode, deviceCode), eq(devices.isActivated, false)))
    .returning({ code: devices.deviceCode });
  return rows.length > 0;
}

/** Stores the player's one open PIN, replacing an earlier one. */
export async function savePin(db: Database, deviceCode: string, pinHash: string, expiresAt: Date, now: Date) {
  await db
    .insert(devicePins)
    .values({ deviceCode, pinHash, expiresAt, createdAt: now })
    .onConflictDoUpdate({ target: devicePins.deviceCode, set: { pinHash, expiresAt, createdAt: now } });
}
