import { type SQL, sql } from 'drizzle-orm';
import { liveBroadcasts } from '../../db/schema';

/** The live part of the fleet gauges (/metrics, modules/fleet): broadcasts on air (their partial index). */
export const liveOnAirSql: SQL<unknown> = sql`(select count(*) from ${liveBroadcasts} where ${liveBroadcasts.endedAt} is null)`;
