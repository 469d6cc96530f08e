/**
 * The database schema (drizzle), one file per owning module under schema/ (the owners are named in
 * scripts/boundaries/tables.mjs). drizzle-kit reads this file (drizzle.config.ts); code imports its tables
 * from here.
 */
export * from './schema/agent';
export * from './schema/alerts';
export * from './schema/audit';
export * from './schema/auth';
export * from './schema/commands';
export * from './schema/contents';
export * from './schema/deviceLogs';
export * from './schema/emergency';
export * from './schema/hours';
export * from './schema/live';
export * from './schema/orphans';
export * from './schema/players';
export * from './schema/plays';
export * from './schema/schedules';
export * from './schema/sso';
export * from './schema/tags';
export * from './schema/users';
