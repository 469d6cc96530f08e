import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { shippedMigrationCount } from '../src/modules/health/repo';
import { createPostgresDatabase, tempDir } from './helpers';

/**
 * Several servers starting at once on one empty PostgreSQL database (a deploy, docs/operations.md): each
 * migrates under an advisory lock, so every migration is applied exactly once and every server opens.
 * PostgreSQL only: the embedded database belongs to one process.
 */
describe('migrations on PostgreSQL', () => {
  it('are applied once when three servers start at the same time, and a later start applies nothing', async () => {
    const { url, drop } = await createPostgresDatabase();
    try {
      const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ dataDir: tempDir(), databaseUrl: url })));
      const firstHandle = () => {
        const [first] = handles;
        if (!first) throw new Error('no database handle');
        return first;
      };
      const count = async () => {
        const result = await firstHandle().db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
      };
      expect(await count()).toBe(shippedMigrationCount());
      const later = await openDatabase({ dataDir: tempDir(), databaseUrl: url });
      expect(await count()).toBe(shippedMigrationCount());
      await Promise.all([...handles, later].map((handle) => handle.close()));
    } finally {
      await drop();
    }
  });
});
