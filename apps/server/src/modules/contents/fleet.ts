import { type SQL, sql } from 'drizzle-orm';
import { contents } from '../../db/schema';

/**
 * The contents' part of the fleet gauges (/metrics, modules/fleet): contents still processing after their
 * upload's answer, and those whose processing failed, as one JSON object (a scan of the contents table).
 */
export const contentsProcessingSql: SQL<unknown> = sql`(select json_build_object(
      'processing', count(*) filter (where ${contents.processingState} = 'processing'),
      'failed', count(*) filter (where ${contents.processingState} = 'failed'))
    from ${contents} where ${contents.deletedAt} is null)`;
