import {
  isStoreOpen,
  type OpeningHours,
  parseZone,
  type TBulkHoursRequest,
  type TBulkHoursResult,
  type TPlayerHours,
  UTC,
} from '@signage/domain';
import { recordAudit } from '../../audit/repo';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { findDevicesByCode, type PlayerSelection, selectPlayers, visibleDevice } from '../players';
import type { PlayerHealthSql, PlayerSchedulesPort } from '../types';
import { type HoursRow, readHours, saveHours } from './repo';

export type HoursDeps = {
  db: Database;
  schedules: Pick<PlayerSchedulesPort, 'scheduledSql'>;
  health: PlayerHealthSql;
};

function present(player: { deviceCode: string; timeZone: string }, row: HoursRow | undefined, now: Date): TPlayerHours {
  const zone = parseZone(player.timeZone) ?? UTC;
  const hours: OpeningHours | null = row?.hours ?? null;
  return {
    device_code: player.deviceCode,
    time_zone: zone,
    hours,
    open_now: isStoreOpen(hours, zone, now),
    updated_by: row?.updatedBy ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** A player's opening hours, for anyone who sees the player (out of reach: 404). */
export async function playerHours(db: Database, user: SessionUser, deviceCode: string): Promise<TPlayerHours> {
  const player = await visibleDevice(db, user, deviceCode);
  return present(player, (await readHours(db, [player.deviceCode])).get(player.deviceCode), new Date());
}

/** Sets (null: clears) one player's opening hours and writes their windows, audited, in one transaction. */
export async function setPlayerHours(
  db: Database,
  user: SessionUser,
  deviceCode: string,
  hours: OpeningHours | null,
): Promise<TPlayerHours> {
  const player = await visibleDevice(db, user, deviceCode);
  const now = new Date();
  await db.transaction(async (tx) => {
    const before = (await readHours(tx, [player.deviceCode])).get(player.deviceCode)?.hours ?? null;
    await saveHours(tx, [player.deviceCode], hours, user.userId, now);
    await recordAudit(tx, {
      actor: user.userId,
      action: 'player.hours',
      target: player.deviceCode,
      region: player.region ?? undefined,
      detail: { from: before, to: hours },
    });
  });
  return playerHours(db, user, player.deviceCode);
}

/**
 * The same opening hours on a selection of players (the list's selected rows or a player search), those in the
 * user's reach; one audit entry per player changed, all in one transaction.
 */
export async function setBulkHours(
  { db, schedules, health }: HoursDeps,
  user: SessionUser,
  body: TBulkHoursRequest,
): Promise<TBulkHoursResult> {
  const selection: PlayerSelection = body.device_codes
    ? { deviceCodes: body.device_codes }
    : { filter: body.filter ?? {} };
  const codes = await selectPlayers(db, { scheduledSql: schedules.scheduledSql, health }, user, selection);
  const now = new Date();
  if (codes.length > 0) {
    const regions = new Map((await findDevicesByCode(db, codes)).map((row) => [row.deviceCode, row.region]));
    await db.transaction(async (tx) => {
      await saveHours(tx, codes, body.hours, user.userId, now);
      for (const code of codes) {
        await recordAudit(tx, {
          actor: user.userId,
          action: 'player.hours',
          target: code,
          region: regions.get(code) ?? undefined,
          detail: { to: body.hours, bulk: true, players: codes.length },
        });
      }
    });
  }
  return { updated: codes.length, device_codes: codes };
}
