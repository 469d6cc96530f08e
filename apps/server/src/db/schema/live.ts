import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contents } from './contents';

/**
 * A live content's broadcasts (owned by modules/live): one row from the ingest's on_publish to its
 * on_publish_done, written by nginx-rtmp's hooks. A content is on air while it has an open row (no
 * `ended_at`). `ingest_client` is nginx's connection id and `key_hash` the sha256 of the key it published
 * with, so publish_done closes exactly its own broadcast (never the key itself: it is a secret).
 */
export const liveBroadcasts = pgTable(
  'live_broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => contents.id),
    ingestClient: text('ingest_client').notNull(),
    keyHash: text('key_hash').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Last time nginx said the publisher is still there (publish and every on_update). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** publish_done, rotated, deleted, ingest (the embedded nginx stopped or started), lost (no word from nginx). */
    endReason: text('end_reason'),
  },
  (t) => [
    index('live_broadcasts_open_idx').on(t.contentId).where(sql`ended_at is null`),
    index('live_broadcasts_content_ended_idx').on(t.contentId, t.endedAt),
  ],
);
