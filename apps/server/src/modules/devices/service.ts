import {
  DEVICE_LIST_ALL_LIMIT,
  isZoneOfCountry,
  MESSAGES,
  MORE_RESULTS,
  NO_MORE_RESULTS,
  type TDevice,
  type TDeviceList,
  type TDeviceListFilter,
  type TDeviceUpdate,
} from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { HttpError, notFound } from '../../http/envelope';
import { softDeleteDevice } from './lifecycle';
import { presentDevices } from './present';
import { countDevices, type DeviceRow, findDevice, listDevices, updateDevice } from './repo';
import { inScope, scopedFilter, scopeOf } from './scope';
import { replaceDeviceTags } from './tags';

export async function listPlayers(db: Database, user: SessionUser, query: TDeviceListFilter): Promise<TDeviceList> {
  const filter = scopedFilter(user, query);
  const now = new Date();
  const limit = query.all ? DEVICE_LIST_ALL_LIMIT : query.limit;
  const [rows, total] = await Promise.all([
    // One row more than asked tells whether more follow.
    listDevices(db, filter, { cursor: decodeCursor(query.endCursor), limit: limit + 1, now }),
    countDevices(db, filter, now),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const more = rows.length > limit;
  return {
    devices: await presentDevices(db, page, now),
    summary: {
      endCursor: last ? encodeCursor(last.updatedAt, last.deviceCode) : null,
      moreResults: more ? MORE_RESULTS : NO_MORE_RESULTS,
      total,
    },
  };
}

/** A player the user may see; others answer 404 so their existence is not revealed. */
export async function visibleDevice(db: Database, user: SessionUser, deviceCode: string): Promise<DeviceRow> {
  const row = await findDevice(db, deviceCode);
  if (!row || row.registeredAt === null || !inScope(scopeOf(user), row)) throw notFound();
  return row;
}

export async function playerDetail(db: Database, user: SessionUser, deviceCode: string): Promise<TDevice[]> {
  return presentDevices(db, [await visibleDevice(db, user, deviceCode)], new Date());
}

export async function editPlayer(
  db: Database,
  user: SessionUser,
  deviceCode: string,
  change: TDeviceUpdate,
): Promise<TDevice[]> {
  const row = await visibleDevice(db, user, deviceCode);
  if (change.time_zone !== undefined && !isZoneOfCountry(row.region, change.time_zone)) {
    throw new HttpError(400, MESSAGES.invalidTimeZone);
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    const values = {
      memo: change.memo,
      storeType: change.store_type,
      deviceType: change.device_type,
      timeZone: change.time_zone,
    };
    if (!(await updateDevice(tx, deviceCode, values, now))) throw notFound();
    if (change.tags && !(await replaceDeviceTags(tx, deviceCode, change.tags))) {
      throw new HttpError(400, MESSAGES.selectTags);
    }
    await recordAudit(tx, { actor: user.userId, action: 'player.edit', target: deviceCode, detail: { ...change } });
  });
  return playerDetail(db, user, deviceCode);
}

/**
 * Deletes a player (DS_LHQIT in its region, DS_FRIT anywhere), softly: its token stops working at once,
 * it leaves every list, and its row keeps the names play history shows. Its logs stay stored, unreachable.
 */
export async function removePlayer(db: Database, user: SessionUser, deviceCode: string) {
  const row = await visibleDevice(db, user, deviceCode);
  await db.transaction(async (tx) => {
    if (!(await softDeleteDevice(tx, row, new Date()))) throw notFound(MESSAGES.playerDeleteFailed);
    await recordAudit(tx, {
      actor: user.userId,
      action: 'player.delete',
      target: deviceCode,
      detail: { device_name: row.deviceName, region: row.region, shop_no: row.shopNo },
    });
  });
}
