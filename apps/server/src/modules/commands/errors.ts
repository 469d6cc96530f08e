import { type SQL, sql } from 'drizzle-orm';
import { deviceScreenshots } from '../../db/schema';

/**
 * A SQL boolean: the player `deviceCode` names reported a playback error at or after `since` (the web player
 * takes a screenshot with each playback error its watchdog acts on: a stalled video, media that does not play).
 */
export function playbackErrorSinceSql(deviceCode: SQL, since: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${deviceScreenshots} s where s.device_code = ${deviceCode}
    and s.error is not null and s.taken_at >= ${since})`;
}
