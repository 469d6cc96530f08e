import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Who did what: sign-ins, sign-outs and account changes (later: content, players, schedules). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor'),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** The region of the object acted on, else of the user who acted; '' for none (packages/domain schemas/audit.ts). */
    region: text('region').notNull().default(''),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_region_at_idx').on(t.region, t.at, t.id)],
);
