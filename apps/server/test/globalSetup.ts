import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite cluster dumped to a file; test files start their in-memory database from it. */
    pgliteTemplate: string | null;
  }
}

/**
 * Creating a PGlite cluster (initdb) costs seconds; loading a dump of a migrated one costs one.
 * Built once per run, cloned by every test file (as immich does with its template database).
 */
export default async function setup(project: TestProject) {
  // Made on PostgreSQL runs too: the tests that always run on PGlite (the embedded thread, the CLI's own
  // database, two servers on one embedded database) start from it instead of an initdb each.
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'signage-pglite-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
