import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AGENT_MESSAGES,
  HEARTBEAT_INTERVAL_SECONDS,
  isPinExpired,
  PAIR_THROTTLE,
  type TLogUpload,
} from '@signage/domain';
import { recordAudit } from '../audit/repo';
import type { BlobStore } from '../blob';
import type { Database } from '../db/client';
import { HttpError } from '../http/envelope';
import { hashPin } from '../modules/registrations/pins';
import { throttleDelaySeconds } from '../modules/users/service';
import {
  type AgentDevice,
  activate,
  clearPairingFailures,
  findBySerial,
  findByTokenHash,
  findPin,
  insertLog,
  recentPairingFailures,
  recordHeartbeat,
  recordPairingFailures,
  upsertAnnounce,
} from './repo';

export type { AgentDevice };

/** A waiting player announces again at this interval, so the waiting list can tell it is there. */
export const ANNOUNCE_INTERVAL_SECONDS = 60;

export const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('hex');
const rejected = () => new HttpError(401, AGENT_MESSAGES.pinRejected);

export async function announce(db: Database, input: { serial: string; time_zone?: string }) {
  const row = await upsertAnnounce(db, input.serial, input.time_zone, new Date());
  const state = row.isActivated ? 'activated' : row.registeredAt ? 'registered' : 'waiting';
  return { state, announce_interval_seconds: ANNOUNCE_INTERVAL_SECONDS } as const;
}

async function assertNotThrottled(db: Database, keys: { serial: string; address: string }, now: Date) {
  const failures = await recentPairingFailures(
    db,
    [keys.serial, keys.address],
    new Date(now.getTime() - PAIR_THROTTLE.windowMs),
  );
  const timesOf = (key: string) => failures.filter((f) => f.key === key).map((f) => f.at);
  const delay = Math.max(
    throttleDelaySeconds(timesOf(keys.serial), PAIR_THROTTLE.perSerial, PAIR_THROTTLE.windowMs, now),
    throttleDelaySeconds(timesOf(keys.address), PAIR_THROTTLE.perAddress, PAIR_THROTTLE.windowMs, now),
  );
  if (delay > 0) throw new HttpError(429, AGENT_MESSAGES.tooManyGuesses, { 'retry-after': String(delay) });
}

/**
 * Pairs a registered player with its PIN. Wrong, expired and used PINs get one answer (401) and count
 * against the serial and the address; a throttled guess is refused before the PIN is looked at.
 */
export async function pair(db: Database, input: { serial: string; pin: string; address: string }) {
  const now = new Date();
  const keys = { serial: `serial:${input.serial}`, address: `ip:${input.address}` };
  await assertNotThrottled(db, keys, now);
  const device = await findBySerial(db, input.serial);
  const pin = device ? await findPin(db, device.deviceCode) : undefined;
  const pinHash = device ? hashPin(device.deviceCode, input.pin) : '';
  const token = randomBytes(32).toString('base64url');
  const paired =
    device !== undefined &&
    pin !== undefined &&
    !isPinExpired(pin.expiresAt, now) &&
    pin.pinHash === pinHash &&
    (await db.transaction(async (tx) => {
      if (!(await activate(tx, device.deviceCode, pinHash, hashDeviceToken(token), now))) return false;
      await clearPairingFailures(tx, keys.serial);
      await recordAudit(tx, { actor: `device:${device.deviceCode}`, action: 'player.pair', target: device.deviceCode });
      return true;
    }));
  if (!paired || !device) {
    await recordPairingFailures(db, [keys.serial, keys.address], now, new Date(now.getTime() - PAIR_THROTTLE.windowMs));
    throw rejected();
  }
  return { device_code: device.deviceCode, token, heartbeat_interval_seconds: HEARTBEAT_INTERVAL_SECONDS };
}

/** The player behind a bearer token; 401 for a missing, unknown or revoked token. */
export async function authenticate(db: Database, authorization: string | undefined): Promise<AgentDevice> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const device = token ? await findByTokenHash(db, hashDeviceToken(token)) : undefined;
  if (!device?.isActivated) throw new HttpError(401, AGENT_MESSAGES.tokenRequired);
  return device;
}

export async function heartbeat(
  db: Database,
  device: AgentDevice,
  beat: { status: 'ok' | 'error'; time_zone?: string },
) {
  await recordHeartbeat(
    db,
    device.deviceCode,
    { alive: beat.status === 'ok', reportedTimeZone: beat.time_zone },
    new Date(),
  );
  return { device_code: device.deviceCode, heartbeat_interval_seconds: HEARTBEAT_INTERVAL_SECONDS } as const;
}

/** Stores an uploaded log file: the text in the blob store first, then its row (no row without its text). */
export async function uploadLog(db: Database, blobs: BlobStore, device: AgentDevice, upload: TLogUpload) {
  const startedAt = new Date(upload.started_at);
  const endedAt = new Date(upload.ended_at);
  if (endedAt < startedAt) throw new HttpError(400, AGENT_MESSAGES.badRange);
  const logId = randomUUID();
  const blobKey = `logs/${device.deviceCode}/${logId}.log`;
  const stored = await blobs.put(blobKey, Readable.from([Buffer.from(upload.content, 'utf8')]), {
    contentType: 'text/plain; charset=utf-8',
  });
  try {
    await insertLog(db, {
      logId,
      deviceCode: device.deviceCode,
      name: upload.name,
      level: upload.level,
      startedAt,
      endedAt,
      size: stored.size,
      blobKey,
      createdAt: new Date(),
    });
  } catch (error) {
    await blobs.delete(blobKey).catch(() => {});
    throw error;
  }
  return { log_id: logId, size: stored.size };
}
