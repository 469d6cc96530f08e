import { type SQL, sql } from 'drizzle-orm';
import { playAcks, playEvents } from '../../db/schema';

/**
 * The plays' part of the fleet gauges (/metrics, modules/fleet): plays the server holds above their player's
 * acknowledged mark (a later batch came before an earlier one; the player keeps sending what is not
 * acknowledged). One probe of play_events' primary key per player with plays, none of which reads a play
 * below the mark, so its cost follows the fleet, not the plays kept.
 */
export const playsWaitingSql: SQL<unknown> = sql`(select coalesce(sum(waiting.n), 0)
    from ${playAcks} as mark cross join lateral (
      select count(*) as n from ${playEvents} as play
      where play.device_code = mark.device_code and play.sequence > mark.acked) as waiting)`;
