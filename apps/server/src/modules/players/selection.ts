import { DEVICE_LIST_ALL_LIMIT, MESSAGES, type TDeviceListFilter } from '@signage/domain';
import { reachesPlayerRow } from '../../auth/rows';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/envelope';
import type { PlayerHealthSql, PlayerSchedulesPort } from '../types';
import { matchingDeviceCodes } from './list';
import { findDevicesByCode } from './repo';
import { scopedFilter } from './scope';

export type PlayerSelection =
  | { deviceCodes: readonly string[] }
  | { filter: Omit<TDeviceListFilter, 'endCursor' | 'order' | 'all' | 'limit'> };

/**
 * The players of a bulk action that the user reaches: the list's selected rows (each out of reach or deleted
 * is left out), or every player a player search finds with the list's own rules (scope.ts; a filter the role
 * may not use is 403). More than DEVICE_LIST_ALL_LIMIT players is refused: the user narrows the selection.
 */
export async function selectPlayers(
  db: Database,
  ports: { scheduledSql: PlayerSchedulesPort['scheduledSql']; health: PlayerHealthSql },
  user: SessionUser,
  selection: PlayerSelection,
  now: Date = new Date(),
): Promise<string[]> {
  if ('deviceCodes' in selection) {
    const rows = await findDevicesByCode(db, selection.deviceCodes);
    return rows
      .filter((row) => reachesPlayerRow(user, row))
      .map((row) => row.deviceCode)
      .sort();
  }
  const filter = scopedFilter(user, { ...selection.filter, order: 'DESC', limit: DEVICE_LIST_ALL_LIMIT });
  const codes = await matchingDeviceCodes(db, filter, now, ports, DEVICE_LIST_ALL_LIMIT + 1);
  if (codes.length > DEVICE_LIST_ALL_LIMIT) throw new HttpError(400, MESSAGES.invalidRequest);
  return codes;
}
