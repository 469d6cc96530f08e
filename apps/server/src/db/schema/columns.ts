import { timestamp } from 'drizzle-orm/pg-core';

/** The `created_at` column most tables have: when the row was written, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
