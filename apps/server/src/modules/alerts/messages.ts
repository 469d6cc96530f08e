import {
  type AlertCondition,
  type AlertKind,
  contractAllows,
  isRole,
  ROLE_GROUPS,
  resolveRegion,
  type TAlertPlayer,
  type TUserInfo,
} from '@signage/domain';
import type { Database } from '../../db/client';
import { alertMessages } from '../../db/schema';
import { parseTimestamp } from '../../db/timestamps';
import { findDevicesByCode } from '../players';
import { userInfosByPk } from '../users';
import { allSubscriptions, type SubscriptionRow } from './repo';

/** A change the evaluation claimed: a player entered (alert) or left (recovery) a condition. */
export type ClaimedChange = {
  device_code: string;
  condition: AlertCondition;
  since: string | Date | null;
  alerted_at: string | Date;
};

/** A timestamp as a raw row gives it (PostgreSQL's text, or a Date from the embedded driver) as an ISO instant. */
export function isoOf(value: string | Date | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : parseTimestamp(value)).toISOString();
}

/** The countries a subscriber may be told about now: null every one, else their region's; undefined none. */
function reachOf(owner: TUserInfo | undefined): string | null | undefined {
  if (!owner || !isRole(owner.authority) || !contractAllows({ roles: ROLE_GROUPS.alertWatchers }, owner.authority)) {
    return undefined;
  }
  const decision = resolveRegion(owner, null);
  return decision.allowed ? decision.region : undefined;
}

function concerns(subscription: SubscriptionRow, reach: string | null, player: TAlertPlayer): boolean {
  if (!subscription.conditions.includes(player.condition)) return false;
  if (reach !== null && player.region !== reach) return false;
  return subscription.countries.length === 0 || subscription.countries.includes(player.region);
}

/**
 * Queues, in the evaluation's transaction, one message per subscription for the players that entered a
 * condition and one for those back to normal, each listing every player it concerns (its conditions, its
 * countries, its owner's region as the owner's role and region are now). A recovery goes only to subscriptions
 * that existed when its alert was raised: what was never announced is not cleared. Answers how many it queued.
 */
export async function queueMessages(
  tx: Database,
  now: Date,
  alerts: readonly ClaimedChange[],
  recoveries: readonly ClaimedChange[],
): Promise<number> {
  if (alerts.length === 0 && recoveries.length === 0) return 0;
  const codes = [...new Set([...alerts, ...recoveries].map((change) => change.device_code))];
  const facts = new Map((await findDevicesByCode(tx, codes)).map((row) => [row.deviceCode, row]));
  const subscriptions = await allSubscriptions(tx);
  const owners = await userInfosByPk(tx, [...new Set(subscriptions.map((s) => s.userId))]);
  const playerOf = (change: ClaimedChange): TAlertPlayer => {
    const row = facts.get(change.device_code);
    return {
      device_code: change.device_code,
      device_name: row?.deviceName ?? '',
      region: row?.region ?? '',
      shop_no: row?.shopNo ?? '',
      shop_name: row?.shopName ?? '',
      condition: change.condition as AlertCondition,
      since: isoOf(change.since),
    };
  };
  const byPlayer = (a: TAlertPlayer, b: TAlertPlayer) =>
    a.region.localeCompare(b.region) ||
    a.shop_no.localeCompare(b.shop_no) ||
    a.device_code.localeCompare(b.device_code);
  const rows: (typeof alertMessages.$inferInsert)[] = [];
  for (const subscription of subscriptions) {
    const reach = reachOf(owners.get(subscription.userId));
    if (reach === undefined) continue;
    const lists: [AlertKind, readonly ClaimedChange[]][] = [
      ['alert', alerts],
      [
        'recovery',
        recoveries.filter((change) => subscription.createdAt.getTime() <= Date.parse(isoOf(change.alerted_at) ?? '')),
      ],
    ];
    for (const [kind, changes] of lists) {
      const players = changes
        .map(playerOf)
        .filter((player) => concerns(subscription, reach, player))
        .sort(byPlayer);
      if (players.length === 0) continue;
      rows.push({ subscriptionId: subscription.subscriptionId, kind, players, nextAttemptAt: now, createdAt: now });
    }
  }
  if (rows.length > 0) await tx.insert(alertMessages).values(rows);
  return rows.length;
}
