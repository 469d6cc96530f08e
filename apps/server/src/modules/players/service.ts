import {
  DEVICE_LIST_ALL_LIMIT,
  defaultZoneOf,
  isCountry,
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
import { authorize } from '../../auth/policies';
import { reachedOr404, reachesPlayerRow } from '../../auth/rows';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { decodeCountedCursor, encodeCountedCursor, searchDigest } from '../../http/cursor';
import { HttpError, notFound } from '../../http/envelope';
import { revokePlayers } from '../../push';
import { listTotals, timeBound } from './counts';
import { softDeleteDevice } from './lifecycle';
import { countDevices, listDevices } from './list';
import { changeManifests } from './manifests';
import { type PlayerDeps, presentDevices } from './present';
import { type DeviceChange, type DeviceRow, findDevice, updateDevice } from './repo';
import { scopedFilter } from './scope';
import { replaceDeviceTags } from './tags';

/**
 * One page of the player list. The total ('x-y / total') is answered once per search, on its first page,
 * and carried in the endCursor with a digest of the search: the next pages of the same search run no
 * count query (a cursor from another search, or without a total, asks again). A first page that holds the
 * whole search is its own total; otherwise the total comes from the per-search cache of counts.ts, which
 * counts only when a write could have changed it (or, for searches that read heartbeats or the clock, after
 * a few seconds).
 */
export async function listPlayers(deps: PlayerDeps, user: SessionUser, query: TDeviceListFilter): Promise<TDeviceList> {
  const { db, schedules, health, blobs } = deps;
  const filter = scopedFilter(user, query);
  const now = new Date();
  const limit = query.all ? DEVICE_LIST_ALL_LIMIT : query.limit;
  const { endCursor: _cursor, limit: _limit, all: _all, ...search } = filter;
  const digest = searchDigest(search);
  const cursor = decodeCountedCursor(query.endCursor, digest);
  // One row more than asked tells whether more follow.
  const { rows, token } = await listDevices(db, filter, { cursor, limit: limit + 1, now }, { ...schedules, health });
  const total =
    cursor?.total ??
    (cursor === null && rows.length <= limit
      ? rows.length
      : await listTotals(db).total(digest, token ?? '', timeBound(filter), () =>
          countDevices(db, filter, now, { scheduledSql: schedules.scheduledSql, health }),
        ));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const more = rows.length > limit;
  return {
    devices: await presentDevices({ db, schedules, health, blobs: query.all ? undefined : blobs }, page, now),
    summary: {
      endCursor: last ? encodeCountedCursor(last.updatedAt, last.deviceCode, total, digest) : null,
      moreResults: more ? MORE_RESULTS : NO_MORE_RESULTS,
      total,
    },
  };
}

/** A player the user reaches (auth/rows.ts); others answer 404, as if they did not exist. */
export async function visibleDevice(db: Database, user: SessionUser, deviceCode: string): Promise<DeviceRow> {
  return reachedOr404(await findDevice(db, deviceCode), (row) => reachesPlayerRow(user, row));
}

export async function playerDetail(deps: PlayerDeps, user: SessionUser, deviceCode: string): Promise<TDevice[]> {
  return presentDevices(deps, [await visibleDevice(deps.db, user, deviceCode)], new Date());
}

const STORE_FIELDS = ['region', 'shop_no', 'shop_name', 'display_pattern'] as const;

/**
 * The store part of an edit (DS_LHQIT, DS_FRIT): a region-bound user keeps or sets its own region only
 * (another answers 403); a country must be one of the catalogue's.
 */
function storeChange(user: SessionUser, change: TDeviceUpdate): DeviceChange {
  if (!STORE_FIELDS.some((field) => change[field] !== undefined)) return {};
  authorize(user, 'player.editStore');
  if (change.region !== undefined) {
    if (!isCountry(change.region)) throw new HttpError(400, MESSAGES.selectDeploymentCountry);
    authorize(user, 'player.editStore', { region: change.region });
  }
  return {
    region: change.region,
    shopNo: change.shop_no,
    shopName: change.shop_name,
    displayPattern: change.display_pattern,
  };
}

/**
 * The time zone after an edit: one asked for must be a zone of the (possibly corrected) country; when the
 * country changes without one, a zone that no longer fits becomes the new country's default.
 */
function zoneChange(row: DeviceRow, region: string, requested: string | undefined): string | undefined {
  if (requested !== undefined) {
    if (!isZoneOfCountry(region, requested)) throw new HttpError(400, MESSAGES.invalidTimeZone);
    return requested;
  }
  if (region === row.region || isZoneOfCountry(region, row.timeZone)) return undefined;
  return defaultZoneOf(region);
}

/** The fields an edit asked for, with their values before (`from`) and after (`to`), for the audit trail. */
function editedFields(
  before: DeviceRow,
  change: TDeviceUpdate,
  timeZone: string | undefined,
): { from: Record<string, unknown>; to: Record<string, unknown> } {
  const was: Record<string, unknown> = {
    memo: before.memo,
    store_type: before.storeType,
    device_type: before.deviceType,
    time_zone: before.timeZone,
    region: before.region,
    shop_no: before.shopNo,
    shop_name: before.shopName,
    display_pattern: before.displayPattern,
  };
  const asked: Record<string, unknown> = { ...change, ...(timeZone !== undefined ? { time_zone: timeZone } : {}) };
  const fields = Object.keys(was).filter((field) => asked[field] !== undefined);
  return {
    from: Object.fromEntries(fields.map((field) => [field, was[field]])),
    to: Object.fromEntries(fields.map((field) => [field, asked[field]])),
  };
}

export async function editPlayer(
  deps: PlayerDeps,
  user: SessionUser,
  deviceCode: string,
  change: TDeviceUpdate,
): Promise<TDevice[]> {
  const { db } = deps;
  const before = await visibleDevice(db, user, deviceCode);
  const store = storeChange(user, change);
  const timeZone = zoneChange(before, store.region ?? before.region, change.time_zone);
  const now = new Date();
  await db.transaction(async (tx) => {
    const values = {
      ...store,
      memo: change.memo,
      storeType: change.store_type,
      deviceType: change.device_type,
      timeZone,
    };
    if (!(await updateDevice(tx, deviceCode, values, now))) throw notFound();
    if (timeZone !== undefined && timeZone !== before.timeZone) await deps.schedules.zoneChanged(tx, deviceCode);
    // Zone, display pattern and store name are in the manifest: the player collects once this commits.
    await changeManifests(tx, [deviceCode], 'player');
    if (change.tags && !(await replaceDeviceTags(tx, deviceCode, change.tags))) {
      throw new HttpError(400, MESSAGES.selectTags);
    }
    const previous = { region: before.region, shop_no: before.shopNo, shop_name: before.shopName };
    await recordAudit(tx, {
      actor: user.userId,
      action: 'player.edit',
      target: deviceCode,
      region: store.region ?? before.region,
      detail: {
        ...change,
        ...(Object.keys(store).length > 0 ? { previous } : {}),
        ...editedFields(before, change, timeZone),
      },
    });
  });
  return playerDetail(deps, user, deviceCode);
}

/**
 * Deletes a player (DS_LHQIT in its region, DS_FRIT anywhere), softly: its token stops working at once,
 * it leaves every list and every schedule (a schedule left with no player goes too), and its row keeps the
 * names play history shows. Its logs stay stored, unreachable. Returns the token it revoked, for this
 * process's cache to forget at once (the others' hear of it from the database).
 */
export async function removePlayer(
  { db, schedules }: PlayerDeps,
  user: SessionUser,
  deviceCode: string,
): Promise<{ revokedTokenHash: string | null }> {
  const row = await visibleDevice(db, user, deviceCode);
  await db.transaction(async (tx) => {
    // The lock order (repo.ts, lockPlayers): its schedules' rows, then its own.
    await schedules.lockSchedulesOf(tx, deviceCode);
    if (!(await softDeleteDevice(tx, row, new Date()))) throw notFound(MESSAGES.playerDeleteFailed);
    await schedules.detachPlayer(tx, deviceCode);
    await revokePlayers(tx, [deviceCode]);
    await recordAudit(tx, {
      actor: user.userId,
      action: 'player.delete',
      target: deviceCode,
      region: row.region,
      detail: { device_name: row.deviceName, region: row.region, shop_no: row.shopNo },
    });
  });
  return { revokedTokenHash: row.tokenHash };
}
