import { randomBytes } from 'node:crypto';
import { canPlayerTransition, type PlayerEvent, playerStateOf, type TDeliveryReport } from '@signage/domain';
import { and, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
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

/** Voids a PIN whose tries are used up; a PIN staff issued meanwhile starts at 0 and stays. */
export async function deleteSpentPin(db: Database, deviceCode: string, maxGuesses: number): Promise<void> {
  await db
    .delete(devicePins)
    .where(and(eq(devicePins.deviceCode, deviceCode), gte(devicePins.wrongGuesses, maxGuesses)));
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
    .set({ tokenHash, isActivated: true, activatedAt: now, isAlive: true, lastAccessed: now, updatedAt: now })
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
 * A heartbeat: alive state, time and the zone the player reports (not updated_at: the list order follows
 * staff changes). Resolves once it is written: true, or false when the player no longer holds this token
 * (deleted, revoked or paired again since its token was checked): the write checks the token itself, so a
 * token the request path took from its cache records nothing once it is gone. Heartbeats that arrive while an earlier one is being written
 * are written together in the next statement (one per player and statement, in arrival order): a fleet's
 * beats cost a statement and a commit per batch, not per beat, and nothing waits for a timer.
 */
export function recordHeartbeat(
  db: Database,
  deviceCode: string,
  tokenHash: string,
  beat: { alive: boolean; reportedTimeZone: string | undefined; delivery?: TDeliveryReport | undefined },
  now: Date,
): Promise<boolean> {
  let writer = heartbeatWriters.get(db);
  if (!writer) {
    writer = new HeartbeatWriter(db);
    heartbeatWriters.set(db, writer);
  }
  return writer.write({
    deviceCode,
    tokenHash,
    alive: beat.alive,
    at: now.toISOString(),
    // Absent (undefined) keeps what is stored.
    zone: beat.reportedTimeZone ?? null,
    delivery: beat.delivery === undefined ? null : JSON.stringify(beat.delivery),
  });
}

type Beat = {
  deviceCode: string;
  tokenHash: string;
  alive: boolean;
  at: string;
  zone: string | null;
  delivery: string | null;
};
type Waiting = Beat & { resolve: (written: boolean) => void; reject: (error: unknown) => void };

const heartbeatWriters = new WeakMap<Database, HeartbeatWriter>();

class HeartbeatWriter {
  private queue: Waiting[] = [];
  private writing = false;

  constructor(private readonly db: Database) {}

  write(beat: Beat): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...beat, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) {
      // One beat per player in a statement; a player's later beat waits for the next one.
      const batch: Waiting[] = [];
      const rest: Waiting[] = [];
      const players = new Set<string>();
      for (const beat of this.queue) {
        if (players.has(beat.deviceCode)) rest.push(beat);
        else {
          players.add(beat.deviceCode);
          batch.push(beat);
        }
      }
      this.queue = rest;
      try {
        const written = await heartbeatUpdate(this.db).execute({
          codes: batch.map((b) => b.deviceCode),
          tokens: batch.map((b) => b.tokenHash),
          alive: batch.map((b) => b.alive),
          at: batch.map((b) => b.at),
          zones: batch.map((b) => b.zone),
          deliveries: batch.map((b) => b.delivery),
        });
        const codes = new Set(written.map((row) => row.code));
        for (const beat of batch) beat.resolve(codes.has(beat.deviceCode));
      } catch (error) {
        for (const beat of batch) beat.reject(error);
      }
    }
    this.writing = false;
  }
}

// Every player runs this once a minute (see preparedPerDatabase): one statement for a batch of beats. Its
// commit does not wait for the disk (synchronous_commit off for this transaction only, set in its FROM): a
// beat is a liveness report the next one repeats, so a database crash may lose the last fraction of a
// second of them (never anything else, and never consistency) and the fleet's beats stop queueing on fsync.
const heartbeatUpdate = preparedPerDatabase((db) => {
  const beats = sql`unnest(${sql.placeholder('codes')}::text[], ${sql.placeholder('tokens')}::text[], ${sql.placeholder('alive')}::boolean[], ${sql.placeholder('at')}::text[], ${sql.placeholder('zones')}::text[], ${sql.placeholder('deliveries')}::text[]) as beat(code, token, alive, at, zone, delivery), (select set_config('synchronous_commit', 'off', true)) as commit_mode(setting)`;
  const at = sql`beat.at::timestamptz`;
  return db
    .update(devices)
    .set({
      isAlive: sql`beat.alive`,
      lastAccessed: at,
      reportedTimeZone: sql`coalesce(beat.zone, ${devices.reportedTimeZone})`,
      delivery: sql`coalesce(beat.delivery::jsonb, ${devices.delivery})`,
      deliveryReportedAt: sql`case when beat.delivery is null then ${devices.deliveryReportedAt} else ${at} end`,
    })
    .from(beats)
    .where(
      and(
        eq(devices.deviceCode, sql`beat.code`),
        eq(devices.tokenHash, sql`beat.token`),
        eq(devices.isActivated, true),
        isNull(devices.deletedAt),
      ),
    )
    .returning({ code: devices.deviceCode })
    .prepare('record_heartbeats');
});

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
