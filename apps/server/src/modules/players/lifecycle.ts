import { randomBytes } from 'node:crypto';
import { canPlayerTransition, type PlayerEvent, playerStateOf } from '@signage/domain';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devicePins, devices, deviceTags } from '../../db/schema';
import type { DeviceRow } from './repo';

/**
 * The steps of a player's life (rules/playerLifecycle.ts), each one statement guarded twice: the state
 * machine refuses a step the row's state does not allow, and the WHERE clause refuses it when another
 * request moved the row meanwhile. A refused step returns false and writes nothing.
 */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short, unambiguous player identifier (no 0/O, 1/I): 'DV' and ten characters. */
export function newDeviceCode(): string {
  const bytes = randomBytes(10);
  return `DV${[...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}

type Stateful = Pick<DeviceRow, 'registeredAt' | 'isActivated' | 'deletedAt'>;
const allows = (row: Stateful, event: PlayerEvent) => canPlayerTransition(playerStateOf(row), event);

/**
 * Creates the waiting player on its first announce; later announces only note the time. A deleted
 * player's serial is free again (the unique index covers live rows only), so it starts a new row.
 */
export async function announceSerial(db: Database, serial: string, reportedTimeZone: string | undefined, now: Date) {
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
    .onConflictDoUpdate({
      target: devices.deviceName,
      targetWhere: sql`deleted_at is null`,
      set: { announcedAt: now, ...reported },
    })
    .returning();
  if (!row) throw new Error('announce wrote no row');
  const state = playerStateOf(row);
  if (state === 'deleted') throw new Error('announce reached a deleted player');
  return { ...row, state };
}

export type StoreValues = {
  region: string;
  shopNo: string;
  shopName: string;
  displayPattern: string;
  memo: string;
  timeZone: string;
  storeType?: string;
  deviceType?: string;
};

/** Sets the store of a waiting or registered player; false when the step is not allowed (paired, deleted). */
export async function registerStore(db: Database, row: DeviceRow, values: StoreValues, now: Date): Promise<boolean> {
  if (!allows(row, 'register')) return false;
  const rows = await db
    .update(devices)
    .set({ ...values, registeredAt: now, updatedAt: now })
    .where(and(eq(devices.deviceCode, row.deviceCode), eq(devices.isActivated, false), isNull(devices.deletedAt)))
    .returning({ code: devices.deviceCode });
  return rows.length > 0;
}

/** Stores the player's one open PIN, replacing an earlier one. */
export async function savePin(db: Database, deviceCode: string, pinHash: string, expiresAt: Date, now: Date) {
  await db
    .insert(devicePins)
    .values({ deviceCode, pinHash, expiresAt, createdAt: now })
    .onConflictDoUpdate({
      target: devicePins.deviceCode,
      set: { pinHash, expiresAt, wrongGuesses: 0, createdAt: now },
    });
}

/**
 * Takes one try of the player's PIN and returns the PIN with the tries used so far (this one included);
 * undefined when there is no PIN or its tries are used up. One statement, so parallel guesses queue on
 * the row and each gets its own try.
 */
export async function reservePinGuess(db: Database, deviceCode: string, maxGuesses: number) {
  const [row] = await db
    .update(devicePins)
    .set({ wrongGuesses: sql`${devicePins.wrongGuesses} + 1` })
    .where(and(eq(devicePins.deviceCode, deviceCode), lt(devicePins.wrongGuesses, maxGuesses)))
    .returning({ pinHash: devicePins.pinHash, expiresAt: devicePins.expiresAt, wrongGuesses: devicePins.wrongGuesses });
  return row;
}

/**
 * The guesses taken against the player's open PIN (from all addresses; a guess in flight counts), or
 * undefined without an open PIN. A void PIN stays until staff issue a new one, so the console can say why.
 */
export async function pinGuesses(db: Database, deviceCode: string): Promise<number | undefined> {
  const [row] = await db
    .select({ guesses: devicePins.wrongGuesses })
    .from(devicePins)
    .where(eq(devicePins.deviceCode, deviceCode))
    .limit(1);
  return row?.guesses;
}

/**
 * Pairs a registered player: uses its PIN up (single use) and stores the new token's hash. false when
 * the step is not allowed or the PIN was taken meanwhile.
 */
export async function pairDevice(db: Database, row: DeviceRow, pinHash: string, tokenHash: string, now: Date) {
  if (!allows(row, 'pair')) return false;
  const used = await db
    .delete(devicePins)
    .where(and(eq(devicePins.deviceCode, row.deviceCode), eq(devicePins.pinHash, pinHash)))
    .returning({ code: devicePins.deviceCode });
  if (used.length === 0) return false;
  const paired = await db
    .update(devices)
    .set({
      tokenHash,
      isActivated: true,
      activatedAt: now,
      isAlive: true,
      lastAccessed: now,
      updatedAt: now,
      playsUnrecorded: 0, // counted since pairing
    })
    .where(
      and(
        eq(devices.deviceCode, row.deviceCode),
        eq(devices.isActivated, false),
        isNotNull(devices.registeredAt),
        isNull(devices.deletedAt),
      ),
    )
    .returning({ code: devices.deviceCode });
  return paired.length > 0;
}

/**
 * Deletes a player softly: the token is cleared (revoked at once), its open PIN and tags go, the row
 * stays with its names for history and leaves every list. false when the step is not allowed.
 */
export async function softDeleteDevice(db: Database, row: DeviceRow, now: Date): Promise<boolean> {
  if (!allows(row, 'delete')) return false;
  const rows = await db
    .update(devices)
    .set({ deletedAt: now, tokenHash: null, isAlive: false })
    .where(and(eq(devices.deviceCode, row.deviceCode), isNull(devices.deletedAt)))
    .returning({ code: devices.deviceCode });
  if (rows.length === 0) return false;
  await db.delete(devicePins).where(eq(devicePins.deviceCode, row.deviceCode));
  await db.delete(deviceTags).where(eq(deviceTags.deviceCode, row.deviceCode));
  return true;
}
