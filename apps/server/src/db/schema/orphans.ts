import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Periodic work that one server process does for all that share the database (migration 0020): the
 * process whose claim moves `slot_start` to the current slot runs that slot's job (modules/orphans).
 */
export const maintenanceRuns = pgTable('maintenance_runs', {
  name: text('name').primaryKey(),
  slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
});
