import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Wrong PINs, one row per failure and key ('pair:<address>|<serial>' or 'ip:<address>'), shared by every server. */
export const pairingFailures = pgTable(
  'pairing_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pairing_failures_key_at_idx').on(t.key, t.at), index('pairing_failures_at_idx').on(t.at)],
);
