import { randomBytes } from 'node:crypto';
import {
  AGENT_CONTRACTS,
  AGENT_MESSAGES,
  HEARTBEAT_INTERVAL_SECONDS,
  isPinExpired,
  PAIR_THROTTLE,
} from '@signage/domain';
import { recordAudit } from '../audit/repo';
import type { Database } from '../db/client';
import { HttpError } from '../http/envelope';
import { route } from '../http/route';
import { findDeviceBySerial, hashPin, pairDevice, reservePinGuess } from '../modules/players';
import type { ModulePlugin } from '../modules/types';
import { hashDeviceToken } from './device';
import { assertNotThrottled, pairThrottleKeys, recordPairingFailure } from './throttle';

/**
 * Pairs a registered player with its PIN. Wrong, expired, used and void PINs get one answer (401).
 * Guesses from a serial and address pair (or an address) with too many recent wrong PINs are refused
 * unlooked-at (429), so they take nothing from the PIN. Every other guess takes one of the PIN's
 * PAIR_THROTTLE.guessesPerPin tries, from all addresses together, before it is compared (atomically, so
 * parallel guesses cannot share a try); once they are used up the PIN is void until staff issue a new one.
 */
export async function pair(db: Database, input: { serial: string; pin: string; address: string }) {
  const now = new Date();
  const keys = pairThrottleKeys(input.serial, input.address);
  await assertNotThrottled(db, keys, now);
  const device = await findDeviceBySerial(db, input.serial);
  const pin = device ? await reservePinGuess(db, device.deviceCode, PAIR_THROTTLE.guessesPerPin) : undefined;
  const pinHash = device ? hashPin(device.deviceCode, input.pin) : '';
  const token = randomBytes(32).toString('base64url');
  const paired =
    device !== undefined &&
    pin !== undefined &&
    !isPinExpired(pin.expiresAt, now) &&
    pin.pinHash === pinHash &&
    (await db.transaction(async (tx) => {
      if (!(await pairDevice(tx, device, pinHash, hashDeviceToken(token), now))) return false;
      await recordAudit(tx, {
        actor: `device:${device.deviceCode}`,
        action: 'player.pair',
        target: device.deviceCode,
        region: device.region,
      });
      return true;
    }));
  if (!paired || !device) {
    await recordPairingFailure(db, keys, now);
    throw new HttpError(401, AGENT_MESSAGES.pinRejected);
  }
  return { device_code: device.deviceCode, token, heartbeat_interval_seconds: HEARTBEAT_INTERVAL_SECONDS };
}

/** POST /agent/v1/pair: open; trades serial and PIN for the device token. */
export const pairRoute: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, AGENT_CONTRACTS.pair, async ({ body, request }) => pair(db, { ...body, address: request.ip }));
};
