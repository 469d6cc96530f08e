import type { TEmergencyTarget } from '@signage/domain';
import { and, asc, exists, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { playerReach, playerReachWhere } from '../../auth/rows';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { devices, deviceTags } from '../../db/schema';

/** The most players one selection may name (a whole fleet of the budget, ARCHITECTURE.md section 7). */
export const SELECTION_MAX_PLAYERS = 100_000;

/**
 * The registered, paired players a user reaches (their region for region-bound roles) that a selection names:
 * all of them, or those of some countries, with one of some tags, or of some store codes. In code order, each
 * with its configured zone (the store's day, by which a licence is judged).
 */
export async function selectReachedPlayers(
  db: Database,
  user: SessionUser,
  target: TEmergencyTarget,
): Promise<{ deviceCode: string; region: string; timeZone: string }[]> {
  const reach = playerReach(user, { isActivated: true });
  const chosen =
    target.by === 'countries'
      ? inArray(devices.region, target.countries)
      : target.by === 'stores'
        ? inArray(devices.shopNo, target.shop_nos)
        : target.by === 'tags'
          ? exists(
              db
                .select({ one: sql`1` })
                .from(deviceTags)
                .where(
                  and(
                    sql`${deviceTags.deviceCode} = ${devices.deviceCode}`,
                    inArray(deviceTags.settingId, target.tag_ids),
                  ),
                ),
            )
          : undefined;
  return db
    .select({ deviceCode: devices.deviceCode, region: devices.region, timeZone: devices.timeZone })
    .from(devices)
    .where(
      and(
        isNotNull(devices.registeredAt),
        isNull(devices.deletedAt),
        playerReachWhere(reach, { region: devices.region, shopNo: devices.shopNo, isActivated: devices.isActivated }),
        chosen,
      ),
    )
    .orderBy(asc(devices.deviceCode))
    .limit(SELECTION_MAX_PLAYERS);
}
