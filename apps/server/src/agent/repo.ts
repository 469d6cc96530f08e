import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deviceLogs, devicePins, devices, pairingFailures } from '../db/schema';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short, unambiguous player identifier (no 0/O, 1/I): 'DV' and ten characters. */
export function newDeviceCode(): string {
  const bytes = randomBytes(10);
  return `DV${[...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}

export type AgentDevice = typeof devices.$inferSelect;

/** Creates the waiting player on its first announce; later announces note the time (and the zone it reports). */
export async function upsertAnnounce(
  db: Database,
  serial: string,
  reportedTimeZone: string | undefined,
  now: Date,
): Promise<AgentDevice> {
  const reported = reportedTimeZone === undefined ? {} : { reportedTimeZone };
  const [row] = await db
    .insert(devices)
    .values({
      deviceCode: newDeviceCode(),
      deviceName: serial,
      ...reported,
      announcedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: devices.deviceName, set: { announcedAt: now, ...reported } })
    .returning();
  if (!row) throw new Error('announce wrote no row');
  return row;
}

export async function findBySerial(db: Database, serial: string): Promise<AgentDevice | undefined> {
  const [row] = await db.select().from(devices).where(eq(devices.deviceName, serial)).limit(1);
  return row;
}

export async function findByTokenHash(db: Database, tokenHash: string): Promise<AgentDevice | undefined> {
  const [row] = await db.select().from(devices).where(eq(devices.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function findPin(db: Database, deviceCode: string) {
  const [row] = await db.select().from(devicePins).where(eq(devicePins.deviceCode, deviceCode)).limit(1);
  return row;
}

/** Uses the PIN up (single use) and activates the player with its new token; false if the PIN was taken meanwhile. */
export async function activate(db: Database, deviceCode: string, pinHash: string, tokenHash: string, now: Date) {
  const used = await db
    .delete(devicePins)
    .where(and(eq(devicePins.deviceCode, deviceCode), eq(devicePins.pinHash, pinHash)))
    .returning({ code: devicePins.deviceCode });
  if (used.length === 0) return false;
  await db
    .update(devices)
    .set({ tokenHash, isActivated: true, activatedAt: now, isAlive: true, lastAccessed: now, updatedAt: now })
    .where(eq(devices.deviceCode, deviceCode));
  return true;
}

export async function recordHeartbeat(
  db: Database,
  deviceCode: string,
  beat: { alive: boolean; reportedTimeZone: string | undefined },
  now: Date,
): Promise<void> {
  const reported = beat.reportedTimeZone === undefined ? {} : { reportedTimeZone: beat.reportedTimeZone };
  await db
    .update(devices)
    .set({ isAlive: beat.alive, lastAccessed: now, ...reported })
    .where(eq(devices.deviceCode, deviceCode));
}

export async function recentPairingFailures(db: Database, keys: string[], since: Date) {
  return db
    .select({ key: pairingFailures.key, at: pairingFailures.at })
    .from(pairingFailures)
    .where(and(inArray(pairingFailures.key, keys), gte(pairingFailures.at, since)))
    .orderBy(desc(pairingFailures.at))
    .limit(200);
}

export async function recordPairingFailures(db: Database, keys: string[], now: Date, purgeBefore: Date) {
  await db.insert(pairingFailures).values(keys.map((key) => ({ key, at: now })));
  await db.delete(pairingFailures).where(lt(pairingFailures.at, purgeBefore));
}

export async function clearPairingFailures(db: Database, key: string): Promise<void> {
  await db.delete(pairingFailures).where(eq(pairingFailures.key, key));
}

export async function insertLog(db: Database, values: typeof deviceLogs.$inferInsert): Promise<void> {
  await db.insert(deviceLogs).values(values);
}
