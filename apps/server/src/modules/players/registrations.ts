import {
  ANNOUNCE_ACTIVE_WINDOW_MS,
  canPlayerTransition,
  defaultZoneOf,
  isCountry,
  isZoneOfCountry,
  MESSAGES,
  PAGE_SIZE,
  PAIR_THROTTLE,
  PIN_LIFETIME_MS,
  playerStateOf,
  type TIssuedPin,
  type TPairingStatus,
  type TWaitingList,
  type ZNewDeviceRegister,
  type ZPlayerRegister,
  type ZWaitingListQuery,
} from '@signage/domain';
import type { z } from 'zod';
import { recordAudit } from '../../audit/repo';
import { effectiveRegion } from '../../auth/policies';
import { canReachRegistration, reachedOr404, registrationReach } from '../../auth/rows';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../http/envelope';
import type { PlayerSchedulesPort } from '../types';
import { pinGuesses, registerStore, savePin } from './lifecycle';
import { generatePin, hashPin } from './pins';
import { type DeviceRow, findDevice, findDeviceBySerial } from './repo';
import { replaceDeviceTags } from './tags';
import { countWaiting, listWaiting } from './waiting';

/** The waiting list (SPEC.md section 2): unpaired players, of the user's region or not registered yet. */
export async function waitingList(
  db: Database,
  user: SessionUser,
  query: z.output<typeof ZWaitingListQuery>,
): Promise<TWaitingList> {
  const filter = {
    scope: registrationReach(user),
    announcedSince: query.is_activated ? new Date(Date.now() - ANNOUNCE_ACTIVE_WINDOW_MS) : null,
  };
  const total = await countWaiting(db, filter);
  const maxPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(query.page, maxPage);
  const rows = await listWaiting(db, filter, { order: query.order, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  return {
    registrations: rows.map((row) => ({ device_name: row.deviceName, created_at: row.createdAt.toISOString() })),
    summary: { total, page, max_page: maxPage },
  };
}

function storeRegion(user: SessionUser, requested: string): string {
  if (!isCountry(requested)) throw new HttpError(400, MESSAGES.selectDeploymentCountry);
  const region = effectiveRegion(user, requested);
  if (region === null) throw new HttpError(400, MESSAGES.selectDeploymentCountry);
  return region;
}

/**
 * The zone a registration gives the player: the one chosen, which must be one of the country's zones;
 * else the zone it has when it stays in its country; else the country's default zone.
 */
function storeZone(row: DeviceRow, region: string, requested: string | undefined): string {
  if (requested !== undefined) {
    if (!isZoneOfCountry(region, requested)) throw new HttpError(400, MESSAGES.invalidTimeZone);
    return requested;
  }
  return row.region === region && isZoneOfCountry(region, row.timeZone) ? row.timeZone : defaultZoneOf(region);
}

/** A player this user may register: unpaired, and not set to another region than the user's. */
function assertRegistrable(user: SessionUser, found: DeviceRow | undefined): DeviceRow {
  // Waiting players have no region yet; once set, only users of that region reach them (auth/rows.ts).
  const row = reachedOr404(found, (device) => canReachRegistration(user, device));
  if (row.isActivated) throw new HttpError(409, MESSAGES.playerAlreadyPaired);
  if (!canPlayerTransition(playerStateOf(row), 'register')) throw new HttpError(409, MESSAGES.registrationPostFailed);
  return row;
}

/** What a registration needs: the database, and the schedules' port (a zone change moves their instants). */
export type RegistrationDeps = { db: Database; schedules: Pick<PlayerSchedulesPort, 'zoneChanged'> };

async function issue(
  { db, schedules }: RegistrationDeps,
  user: SessionUser,
  row: DeviceRow,
  input: z.output<typeof ZNewDeviceRegister> | z.output<typeof ZPlayerRegister>,
  action: string,
): Promise<TIssuedPin> {
  const region = storeRegion(user, input.region);
  const timeZone = storeZone(row, region, input.time_zone);
  const now = new Date();
  const pin = generatePin();
  const expiresAt = new Date(now.getTime() + PIN_LIFETIME_MS);
  const withPlace = 'device_type' in input;
  await db.transaction(async (tx) => {
    const stored = await registerStore(
      tx,
      row,
      {
        region,
        shopNo: input.shop_no,
        shopName: input.shop_name,
        displayPattern: input.display_pattern,
        memo: input.memo,
        timeZone,
        ...(withPlace ? { storeType: input.store_type, deviceType: input.device_type } : {}),
      },
      now,
    );
    if (!stored) throw new HttpError(409, MESSAGES.playerAlreadyPaired);
    // A registered player may already be on schedules: their instants are read in its zone.
    if (timeZone !== row.timeZone) await schedules.zoneChanged(tx, row.deviceCode);
    if (withPlace && !(await replaceDeviceTags(tx, row.deviceCode, input.tags))) {
      throw new HttpError(400, MESSAGES.selectTags);
    }
    await savePin(tx, row.deviceCode, hashPin(row.deviceCode, pin), expiresAt, now);
    await recordAudit(tx, {
      actor: user.userId,
      action,
      target: row.deviceCode,
      region,
      detail: { device_name: row.deviceName, region, shop_no: input.shop_no, time_zone: timeZone },
    });
  });
  return { device_code: row.deviceCode, device_name: row.deviceName, pin, expires_at: expiresAt.toISOString() };
}

/** POST /api/registrations: a waiting player gets its store and a PIN (replacing an earlier PIN). */
export async function registerNewDevice(
  deps: RegistrationDeps,
  user: SessionUser,
  body: z.output<typeof ZNewDeviceRegister>,
) {
  const row = assertRegistrable(user, await findDeviceBySerial(deps.db, body.device_name));
  return issue(deps, user, row, body, 'player.register');
}

/** POST /api/players: a registered, unpaired player gets its store updated and a fresh PIN. */
export async function registerPlayer(
  deps: RegistrationDeps,
  user: SessionUser,
  body: z.output<typeof ZPlayerRegister>,
) {
  const row = assertRegistrable(user, await findDevice(deps.db, body.device_code));
  if (row.registeredAt === null) throw notFound();
  return issue(deps, user, row, body, 'player.pin');
}

/**
 * GET /api/players/{device_code}: the PIN step asks this until the player has paired, with the wrong PINs
 * typed for the open PIN so staff see strangers' attempts and a void PIN. Region-bound users
 * see their region's players only; others answer 404 so their existence is not revealed.
 */
export async function pairingStatus(db: Database, user: SessionUser, deviceCode: string): Promise<TPairingStatus> {
  const row = reachedOr404(
    await findDevice(db, deviceCode),
    (device) => device.registeredAt !== null && canReachRegistration(user, device),
  );
  const guesses = row.isActivated ? 0 : ((await pinGuesses(db, row.deviceCode)) ?? 0);
  return {
    device_code: row.deviceCode,
    device_name: row.deviceName,
    is_activated: row.isActivated,
    activated_at: row.activatedAt?.toISOString() ?? null,
    wrong_pin_attempts: guesses,
    pin_void: guesses >= PAIR_THROTTLE.guessesPerPin,
  };
}
