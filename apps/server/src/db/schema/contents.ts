import { sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

const live = sql`deleted_at is null`;

/**
 * Media content: images, movies and live streams (SPEC.md section 3). A row exists only once its blobs are
 * stored. Deleting sets `deleted_at` and keeps the row, so play history still shows the name. `updated_at`
 * has millisecond precision: it is half of the list's keyset cursor, which travels through JavaScript dates.
 */
export const contents = pgTable(
  'contents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    type: text('type').notNull().$type<'image' | 'movie' | 'stream'>(),
    displayPattern: text('display_pattern').notNull(),
    region: text('region').notNull().default(''),
    licenseFrom: date('license_from'),
    licenseTo: date('license_to'),
    mediaKey: text('media_key'),
    thumbnailKey: text('thumbnail_key'),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: doublePrecision('duration_seconds'),
    livePlatform: text('live_platform'),
    liveRef: text('live_ref'),
    title: text('title'),
    livestationUrl: text('livestation_url'),
    bambuserShowId: text('bambuser_show_id'),
    layout: text('layout'),
    outputResolution: text('output_resolution'),
    outputWidth: integer('output_width'),
    outputHeight: integer('output_height'),
    liveLogoPosition: text('live_logo_position'),
    livePrompt: text('live_prompt'),
    liveDashboard: text('live_dashboard'),
    rtmpUrl: text('rtmp_url'),
    streamKey: text('stream_key'),
    /**
     * sha256 (hex) of stream_key: nginx's publish hook finds the content by it, so the lookup compares
     * digests, never the key itself, character by character (the key is then compared in constant time).
     */
    streamKeyHash: text('stream_key_hash'),
    /**
     * 'processing' from the upload's answer until the work done after it (the thumbnail, the sha256 of a
     * resumable upload) is finished: 'ready' then, 'failed' when it could not be done. Only ready contents
     * reach players and only failed ones are refused by schedules. Live contents are ready at once.
     */
    processingState: text('processing_state').notNull().default('ready').$type<'processing' | 'ready' | 'failed'>(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('contents_updated_idx').on(t.updatedAt, t.id).where(live),
    index('contents_region_updated_idx').on(t.region, t.updatedAt, t.id).where(live),
    index('contents_type_updated_idx').on(t.type, t.updatedAt, t.id).where(live),
    index('contents_pattern_updated_idx').on(t.displayPattern, t.updatedAt, t.id).where(live),
    index('contents_stream_key_hash_idx').on(t.streamKeyHash).where(sql`stream_key_hash is not null`),
    // What a restart finds to finish: a handful of rows at most.
    index('contents_processing_idx').on(t.id).where(sql`processing_state = 'processing'`),
  ],
);
