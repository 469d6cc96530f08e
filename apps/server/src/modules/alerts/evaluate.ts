import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/prepared';
import { playbackErrorsSql } from '../commands';
import { storeOpenSql } from '../hours';
import { watchedPlayersSql } from '../players';
import { type ClaimedChange, queueMessages } from './messages';

/** What the evaluation is told: the thresholds of the configuration (minutes). */
export type AlertRules = {
  offlineMinutes: number;
  behindMinutes: number;
  /** After an alert, the same player and condition alerts again no sooner than this. */
  quietMinutes: number;
};

/** A playback error's screenshot keeps the condition this long (the web player sends one at most every 10 min). */
export const PLAYBACK_ERROR_WINDOW_MINUTES = 15;

/** One statement's key: every evaluation on the database takes it in turn (pg_advisory_xact_lock). */
const EVALUATION_LOCK = 2_029_003;

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/**
 * The players' conditions as they hold now, whatever the hours: (device_code, condition, since, opened), where
 * `opened` says whether the alert may be raised (the store is open now, and for offline it was open N minutes
 * ago too: offline for N minutes of opening hours, not a player switched on as the store opens).
 */
function conditionsSql(now: Date, rules: AlertRules): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const before = sql`${minutesBefore(now, rules.offlineMinutes).toISOString()}::timestamptz`;
  const players = watchedPlayersSql(now, {
    offlineSince: minutesBefore(now, rules.offlineMinutes),
    behindSince: minutesBefore(now, rules.behindMinutes),
  });
  const errors = playbackErrorsSql(minutesBefore(now, PLAYBACK_ERROR_WINDOW_MINUTES));
  const code = sql`p.device_code`;
  return sql`select p.device_code, 'offline' as condition, p.offline_since as since,
        (${storeOpenSql(code, at)} and ${storeOpenSql(code, before)}) as opened
      from ${players} p where p.offline_since is not null
    union all
    select p.device_code, 'behind', p.behind_since, ${storeOpenSql(code, at)}
      from ${players} p where p.behind_since is not null
    union all
    select p.device_code, 'playback_error', greatest(p.error_at, e.error_at), ${storeOpenSql(code, at)}
      from ${players} p left join ${errors} e on e.device_code = p.device_code
      where p.error_at is not null or e.error_at is not null`;
}

/**
 * Raises every condition that holds where the store is open and the player is not alerting (nor in its quiet
 * period) for it. The upsert's WHERE is evaluated on the row as another process's commit left it, so a change is
 * claimed by one evaluation only.
 */
async function claimAlerts(tx: Database, now: Date, rules: AlertRules): Promise<ClaimedChange[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const quietFrom = sql`${minutesBefore(now, rules.quietMinutes).toISOString()}::timestamptz`;
  return executeRows<ClaimedChange>(
    tx,
    sql`with holding as (${conditionsSql(now, rules)})
      insert into alert_states (device_code, condition, alerting, since, alerted_at)
      select device_code, condition, true, since, ${at} from holding where opened order by device_code, condition
      on conflict (device_code, condition) do update
        set alerting = true, since = excluded.since, alerted_at = excluded.alerted_at, cleared_at = null
        where not alert_states.alerting and alert_states.alerted_at <= ${quietFrom}
      returning device_code, condition, since, alerted_at`,
  );
}

/**
 * Clears every alerting condition that no longer holds, where the store is open now (a player back while the
 * store is closed is announced when it opens): the 'back to normal' that always follows an alert.
 */
async function claimRecoveries(tx: Database, now: Date, rules: AlertRules): Promise<ClaimedChange[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return executeRows<ClaimedChange>(
    tx,
    sql`with holding as (${conditionsSql(now, rules)})
      update alert_states s set alerting = false, cleared_at = ${at}
      where s.alerting
        and not exists (select 1 from holding h where h.device_code = s.device_code and h.condition = s.condition)
        and ${storeOpenSql(sql`s.device_code`, at)}
      returning s.device_code, s.condition, ${at} as since, s.alerted_at`,
  );
}

export type Evaluation = { alerts: ClaimedChange[]; recoveries: ClaimedChange[]; messages: number };

/**
 * One evaluation at `now`: claims what changed and queues one message per subscription for the alerts and one
 * for the recoveries (however many players each lists), in one transaction, so a change is announced exactly
 * once whichever process evaluates and whether it stops halfway. Evaluations of several processes take turns.
 */
export async function evaluateAlerts(db: Database, rules: AlertRules, now: Date = new Date()): Promise<Evaluation> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EVALUATION_LOCK})`);
    const alerts = await claimAlerts(tx, now, rules);
    const recoveries = await claimRecoveries(tx, now, rules);
    const messages = await queueMessages(tx, now, alerts, recoveries);
    return { alerts, recoveries, messages };
  });
}
