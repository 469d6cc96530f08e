import {
  canEditPlayer,
  canEditStore,
  DEVICE_LIST_ALL_LIMIT,
  isCountry,
  MESSAGES,
  MORE_RESULTS,
  NO_MORE_RESULTS,
  type TDevice,
  type TDeviceList,
  type TDeviceListFilter,
  type TDeviceUpdate,
} from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import { effectiveRegion } from '../../auth/guards';
import type { SessionUser } from '../../auth/sessions';
import type { BlobStore } from '../../blob';
import type { Database } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { forbidden, HttpError, notFound } from '../../http/envelope';
import { presentDevices } from './present';
import {
  countDevices,
  type DeviceChange,
  type DeviceRow,
  deleteDevice,
  findDevice,
  listDevices,
  replaceDeviceTags,
  updateDevice,
} from './repo';
import { inScope, scopedFilter, scopeOf } from './scope';

export async function listPlayers(
  db: Database,
  user: SessionUser,
  query: TDeviceListFilter,
  blobs?: BlobStore,
): Promise<TDeviceList> {
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
    devices: await presentDevices(db, page, now, query.all ? undefined : blobs),
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

export async function playerDetail(
  db: Database,
  user: SessionUser,
  deviceCode: string,
  blobs?: BlobStore,
): Promise<TDevice[]> {
  return presentDevices(db, [await visibleDevice(db, user, deviceCode)], new Date(), blobs);
}

const STORE_FIELDS = ['region', 'shop_no', 'shop_name', 'display_pattern'] as const;

/**
 * The store part of an edit (DS_LHQIT, DS_FRIT): a region-bound user keeps or sets its own region only
 * (effectiveRegion refuses another with 403); a country must be one of the catalogue's.
 */
function storeChange(user: SessionUser, change: TDeviceUpdate): DeviceChange {
  if (!STORE_FIELDS.some((field) => change[field] !== undefined)) return {};
  if (!canEditStore(user.authority)) throw forbidden();
  let region: string | undefined;
  if (change.region !== undefined) {
    if (!isCountry(change.region)) throw new HttpError(400, MESSAGES.selectDeploymentCountry);
    region = effectiveRegion(user, change.region) ?? change.region;
  }
  return { region, shopNo: change.shop_no, shopName: change.shop_name, displayPattern: change.display_pattern };
}

export async function editPlayer(
  db: Database,
  user: SessionUser,
  deviceCode: string,
  change: TDeviceUpdate,
  blobs?: BlobStore,
): Promise<TDevice[]> {
  if (!canEditPlayer(user.authority)) throw forbidden();
  const before = await visibleDevice(db, user, deviceCode);
  const store = storeChange(user, change);
  const now = new Date();
  await db.transaction(async (tx) => {
    await updateDevice(
      tx,
      deviceCode,
      { ...store, memo: change.memo, storeType: change.store_type, deviceType: change.device_type },
      now,
    );
    if (change.tags && !(await replaceDeviceTags(tx, deviceCode, change.tags))) {
      throw new HttpError(400, MESSAGES.selectTags);
    }
    const previous = { region: before.region, shop_no: before.shopNo, shop_name: before.shopName };
    await recordAudit(tx, {
      actor: user.userId,
      action: 'player.edit',
      target: deviceCode,
      detail: { ...change, ...(Object.keys(store).length > 0 ? { previous } : {}) },
    });
  });
  return playerDetail(db, user, deviceCode, blobs);
}

/** Deletes a player (DS_LHQIT in its region, DS_FRIT anywhere): its token is revoked with it. */
export async function removePlayer(db: Database, blobs: BlobStore, user: SessionUser, deviceCode: string) {
  const row = await visibleDevice(db, user, deviceCode);
  await db.transaction(async (tx) => {
    if (!(await deleteDevice(tx, deviceCode))) throw notFound(MESSAGES.playerDeleteFailed);
    await recordAudit(tx, {
      actor: user.userId,
      action: 'player.delete',
      target: deviceCode,
      detail: { device_name: row.deviceName, region: row.region, shop_no: row.shopNo },
    });
  });
  // The log texts follow once the rows are gone; a leftover file is unreachable, never shown.
  await blobs.deletePrefix(`logs/${deviceCode}/`).catch(() => 0);
}
