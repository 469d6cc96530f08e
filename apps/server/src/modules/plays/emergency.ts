import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { playEvents } from '../../db/schema';

/** How many players' proof of play says they showed each of these emergency messages, by emergency id. */
export async function emergencyPlayersShown(
  db: Database,
  emergencyIds: readonly string[],
): Promise<Map<string, number>> {
  if (emergencyIds.length === 0) return new Map();
  const rows = await db
    .select({
      emergencyId: playEvents.emergencyId,
      players: sql<number>`count(distinct ${playEvents.deviceCode})::int`,
    })
    .from(playEvents)
    .where(inArray(playEvents.emergencyId, [...emergencyIds]))
    .groupBy(playEvents.emergencyId);
  return new Map(rows.map((row) => [row.emergencyId ?? '', Number(row.players)]));
}
