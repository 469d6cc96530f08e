import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskBlobStore } from '../src/blob';
import { MIGRATIONS_FOLDER } from '../src/db/client';
import { bearer, pairedPlayer, storedImage } from './agent/fixtures';
import { admin, documented, observe, ownedDatabase, populate, run, samplePng, startProduct } from './backup/support';
import { createUser, loginAs, tempDir } from './helpers';

/**
 * Backup and restore as docs/operations.md section 5 writes it (issue 28): the commands run as they are
 * written there, on a product with players, an uploaded image, a schedule and plays; after the database is
 * dropped and DATA_DIR replaced by an empty one, the restored product answers the same. The embedded database's
 * backup (the whole DATA_DIR) is backup-restore.pglite.test.ts.
 */
let png: Buffer;
beforeAll(async () => {
  png = await samplePng();
});

describe('on PostgreSQL (pg_dump, pg_restore, the media folder)', () => {
  const databases: Awaited<ReturnType<typeof ownedDatabase>>[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  let database: Awaited<ReturnType<typeof ownedDatabase>>;
  let fleet: Awaited<ReturnType<typeof populate>>;
  let before: Awaited<ReturnType<typeof observe>>;
  const backup = path.join(tempDir('signage-backup-'), 'signage-20261203T000000Z');
  // The product and its data, then the backup taken while the server runs (the database first, then the
  // media): the hook's minute, so that the test's 30 s are the restore's.
  beforeAll(async () => {
    database = await ownedDatabase();
    databases.push(database);
    const first = tempDir('signage-data-');
    const product = await startProduct(first, database.url);
    try {
      fleet = await populate(product, png);
      before = await observe(product, fleet);
      await run(documented('pg_dump '), { BACKUP: backup, DATABASE_URL: database.url });
      await run(documented('tar -C "$DATA_DIR" -czf "$BACKUP-media.tgz"'), { BACKUP: backup, DATA_DIR: first });
    } finally {
      await product.close();
    }
  });

  it('answers the same lists, manifests, media bytes and session after the database is dropped and restored', async () => {
    expect(Object.keys(before.media)).toHaveLength(1);
    expect(before.manifests.map((m) => m.schedules.length)).toEqual([1, 1]);
    // A wiped machine: the database dropped and made again, empty; a new, empty DATA_DIR.
    await admin(
      `drop database "${database.name}" with (force)`,
      `create database "${database.name}" owner "${database.role}"`,
    );
    const second = tempDir('signage-data-');
    await run(documented('pg_restore '), { BACKUP: backup, DATABASE_URL: database.url });
    await run(documented('tar -C "$DATA_DIR" -xzf "$BACKUP-media.tgz"'), { BACKUP: backup, DATA_DIR: second });

    const restored = await startProduct(second, database.url);
    try {
      expect(await observe(restored, fleet)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it("restores the previous release's backup into this release, which migrates it on its start", async () => {
    const releases = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'releases.json'), 'utf8'));
    const released: string = releases.releasedThrough;
    // The previous release's migrations: this folder's, up to the last one it shipped.
    const previous = tempDir('signage-previous-release-');
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
    const end = journal.entries.findIndex((entry: { tag: string }) => entry.tag === released);
    expect(end, `${released} in the journal`).toBeGreaterThanOrEqual(0);
    const shipped = journal.entries.slice(0, end + 1);
    expect(shipped.length, 'this release adds migrations to restore across').toBeLessThan(journal.entries.length);
    fs.mkdirSync(path.join(previous, 'meta'));
    fs.writeFileSync(path.join(previous, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: shipped }));
    for (const entry of shipped) {
      fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(previous, `${entry.tag}.sql`));
    }

    const old = await ownedDatabase();
    databases.push(old);
    const client = new pg.Client({ connectionString: old.url });
    await client.connect();
    try {
      await migrate(drizzle({ client }), { migrationsFolder: previous });
    } finally {
      await client.end();
    }
    // What the previous release left in its tables (written straight to them: this release's routes also
    // write what the older schema lacks, such as the audit log's region).
    const pool = new pg.Pool({ connectionString: old.url });
    const oldDb = drizzle({ client: pool }) as never;
    const dataDir = tempDir('signage-data-');
    const image = await storedImage(oldDb, new DiskBlobStore(path.join(dataDir, 'media')));
    const user = await createUser(oldDb, { role: 'DS_FRIT' });
    const player = await pairedPlayer(oldDb);
    await pool.end();
    const backup = path.join(tempDir('signage-backup-'), 'signage-previous');
    await run(documented('pg_dump '), { BACKUP: backup, DATABASE_URL: old.url });
    await run(documented('tar -C "$DATA_DIR" -czf "$BACKUP-media.tgz"'), { BACKUP: backup, DATA_DIR: dataDir });

    const target = await ownedDatabase();
    databases.push(target);
    const newDataDir = tempDir('signage-data-');
    await run(documented('pg_restore '), { BACKUP: backup, DATABASE_URL: target.url });
    await run(documented('tar -C "$DATA_DIR" -xzf "$BACKUP-media.tgz"'), { BACKUP: backup, DATA_DIR: newDataDir });
    const product = await startProduct(newDataDir, target.url);
    try {
      const health = await product.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode, health.body).toBe(200);
      const cookie = await loginAs(product.app, user);
      const devices = await product.app.inject({ method: 'GET', url: '/api/devices?limit=100', headers: { cookie } });
      expect(devices.statusCode, devices.body).toBe(200);
      expect(devices.json().data.devices.map((d: { device_code: string }) => d.device_code)).toEqual([
        player.deviceCode,
      ]);
      const manifest = await product.app.inject({
        method: 'GET',
        url: '/agent/v1/manifest',
        headers: bearer(player.token),
      });
      expect(manifest.statusCode, manifest.body).toBe(200);
      const media = await product.app.inject({
        method: 'GET',
        url: `/api/contents/${image.key}/file`,
        headers: { cookie },
      });
      expect(media.statusCode, media.body).toBe(200);
      expect(media.rawPayload.equals(image.bytes)).toBe(true);
    } finally {
      await product.close();
    }
  });
});
