import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Staff accounts. Region, shop number and shop name are '' when unset (SPEC.md section 3, user info). */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').notNull().unique(),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  authority: text('authority').notNull(),
  region: text('region').notNull().default(''),
  shopNo: text('shop_no').notNull().default(''),
  shopName: text('shop_name').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-ins, one row per failure and key ('id:<userId>' or 'ip:<address>'). Kept in the
 * database, not in memory, so every server instance behind a load balancer sees the same count.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at), index('login_failures_at_idx').on(t.at)],
);
