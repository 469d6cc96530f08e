import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, MIGRATIONS_FOLDER } from '../../db/client';
import { executeRows } from '../../db/prepared';
import { anyUserSql } from '../users';

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** How many migrations this build ships (drizzle's journal). */
export function shippedMigrationCount(folder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export type ReadinessRow = { appliedMigrations: number; hasUser: boolean };

/**
 * In one round trip: how many migrations the database has recorded, and whether the first account exists yet
 * (the users module's condition: it owns the table).
 */
export async function readReadiness(db: Database): Promise<ReadinessRow> {
  // count(*) is a bigint, sent as text.
  const [row] = await executeRows<{ applied: number | string; has_user: boolean }>(
    db,
    sql`select (select count(*) from drizzle.__drizzle_migrations) as applied, ${anyUserSql} as has_user`,
  );
  return { appliedMigrations: Number(row?.applied ?? 0), hasUser: row?.has_user === true };
}
