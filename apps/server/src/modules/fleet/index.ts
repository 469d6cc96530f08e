import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FleetCounts } from '../../metrics';
import { contentsProcessingSql } from '../contents';
import { liveOnAirSql } from '../live';
import { fleetPlayersSql } from '../players';
import { playsWaitingSql } from '../plays';

/**
 * The fleet module: what the fleet gauges of /metrics show, read in one statement made of each table owner's
 * part (devices, plays, contents, live), once per scrape and never per request. It owns no table.
 */

type Json = Record<string, number | string>;
type FleetRow = {
  players: Json | string;
  plays_waiting: number | string;
  contents: Json | string;
  live: number | string;
};

const object = (value: Json | string): Json => (typeof value === 'string' ? (JSON.parse(value) as Json) : value);

export async function readFleet(db: Database, now: Date = new Date()): Promise<FleetCounts> {
  const result = await db.execute(sql`select ${fleetPlayersSql(now)} as players, ${playsWaitingSql} as plays_waiting,
    ${contentsProcessingSql} as contents, ${liveOnAirSql} as live`);
  // Both drivers answer with `rows`; counts are bigints (text), JSON may come parsed or as text.
  const row = (result as unknown as { rows: FleetRow[] }).rows[0];
  if (!row) throw new Error('the fleet statement answered no row');
  const players = object(row.players);
  const contents = object(row.contents);
  return {
    playersOnline: Number(players.online),
    playersOffline: Number(players.offline),
    playersWaiting: Number(players.waiting),
    playersDeliveryPending: Number(players.delivery_pending),
    playsUnrecorded: Number(players.plays_unrecorded),
    playsWaiting: Number(row.plays_waiting),
    contentsProcessing: Number(contents.processing),
    contentsFailed: Number(contents.failed),
    liveBroadcasts: Number(row.live),
  };
}

export { fleetHealth, playerHealthSql } from './health';
export { fleetRoutes } from './routes';
