import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { PgliteProxy } from './pgliteProxy';

/**
 * A first start on an empty DATA_DIR used to run PGlite's initdb (WebAssembly, about 14 s of the first
 * start's 16 on the 2-core machine) and then every migration. The build (build.mjs) does that once instead:
 * it leaves a migrated, empty embedded database in this folder, which a first start copies into DATA_DIR/db
 * and then opens as a restart does. The copy is used only when its stamp says it was made by this PGlite
 * with exactly these migrations; otherwise (running from the sources without a build, a migration added or
 * edited since the build, another PGlite) the first start runs initdb as before.
 *
 * Layout (PGLITE_TEMPLATE_DIR in paths.ts): `cluster/` (the database, as PGlite leaves it after a clean
 * close) and `stamp.json`.
 */

const CLUSTER = 'cluster';
const STAMP = 'stamp.json';

/** PGlite's version: a cluster made by one PGlite release is not promised to open in another. */
function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  // The package does not export its package.json; it sits one folder above the entry point (dist/).
  const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * What a template must have been made with to stand for a first start: PGlite's version and every
 * migration as drizzle's migrator records it (the SQL file's sha256 and its journal time, in order).
 */
export function templateStamp(migrationsFolder: string): string {
  const hash = crypto.createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\n`);
  // The template's layout: 2 without the free space and visibility maps (dropMapForks), 3 also without
  // template0 and template1 (dropTemplateDatabases).
  hash.update('layout 3\n');
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    hash.update(`${migration.folderMillis} ${migration.hash}\n`);
  }
  return hash.digest('hex');
}

function readStamp(templateDir: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(templateDir, STAMP), 'utf8')) as { stamp?: string }).stamp;
  } catch {
    return undefined;
  }
}

/** Whether `templateDir` holds a complete template made with these migrations by this PGlite. */
export function templateMatches(templateDir: string, migrationsFolder: string): boolean {
  const stamp = readStamp(templateDir);
  return (
    stamp !== undefined &&
    fs.existsSync(path.join(templateDir, CLUSTER, 'PG_VERSION')) &&
    stamp === templateStamp(migrationsFolder)
  );
}

/**
 * A first start's copy costs about a millisecond per file created on the 2-core machine (its ext4 under the
 * other sessions' load), whatever the file's size. A fifth of the cluster's files are the free space maps
 * (`_fsm`) and visibility maps (`_vm`) of its tables: hints PostgreSQL does without when they are absent (it
 * makes them again as the tables change and at VACUUM; a missing visibility map only means no page is known
 * all-visible yet). The template leaves them out (234 of initdb's 1,118 files).
 */
function dropMapForks(clusterDir: string): void {
  for (const entry of fs.readdirSync(clusterDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /^\d+_(fsm|vm)$/.test(entry.name)) fs.rmSync(path.join(entry.parentPath, entry.name));
  }
}

/**
 * initdb leaves three databases: postgres (the server's: PGlite opens it) and template1 and template0, which
 * only CREATE DATABASE reads. The embedded server never creates a database (it has no other connection
 * than its own, to postgres), and the two are 600 of the cluster's files (300 each, tables of the catalog
 * only): the template drops them. A database made by the initdb fallback keeps them; either serves alike.
 */
async function dropTemplateDatabases(client: PgliteProxy): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await client.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    await client.exec(`DROP DATABASE ${name}`);
  }
}

/**
 * Makes the template in `templateDir` unless a matching one is there already: a new embedded database,
 * opened and migrated exactly as a first start does it (pgliteWorker.mjs), closed cleanly. Answers whether
 * it made one.
 */
export async function makePgliteTemplate(
  templateDir: string,
  options: { settings: string[]; migrationsFolder: string },
): Promise<boolean> {
  if (templateMatches(templateDir, options.migrationsFolder)) return false;
  fs.rmSync(templateDir, { recursive: true, force: true });
  const building = `${templateDir}.building`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  const client = await PgliteProxy.open({ ...options, dataDir: path.join(building, CLUSTER) });
  try {
    await dropTemplateDatabases(client);
  } finally {
    await client.close();
  }
  dropMapForks(path.join(building, CLUSTER));
  fs.writeFileSync(
    path.join(building, STAMP),
    `${JSON.stringify({ stamp: templateStamp(options.migrationsFolder) }, null, 2)}\n`,
  );
  fs.renameSync(building, templateDir);
  return true;
}

/**
 * Copies a directory tree: the folders first, then each folder's files one after the other, the folders
 * side by side. A cluster as initdb leaves it is about 1,100 files, mostly in three folders (one per
 * database; the template keeps about 430), and creating files in one folder is serialised by the file
 * system: side by side the copy took 1.6-2.6 s on the loaded 2-core machine where fs.cp took 2.7-5.2 s.
 */
async function copyTree(from: string, to: string): Promise<void> {
  const entries = await fsp.readdir(from, { recursive: true, withFileTypes: true });
  const filesByFolder = new Map<string, string[]>();
  await fsp.mkdir(to, { recursive: true });
  for (const entry of entries) {
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
    if (entry.isDirectory()) {
      await fsp.mkdir(path.join(to, relative), { recursive: true });
    } else {
      const folder = filesByFolder.get(entry.parentPath) ?? [];
      folder.push(relative);
      filesByFolder.set(entry.parentPath, folder);
    }
  }
  await Promise.all(
    [...filesByFolder.values()].map(async (files) => {
      for (const file of files) {
        // A reflink where the file system has them (btrfs, XFS): nothing copied until a page is written.
        await fsp.copyFile(path.join(from, file), path.join(to, file), fs.constants.COPYFILE_FICLONE);
      }
    }),
  );
}

/**
 * Under the data directory's lock: puts a copy of the template's database at `dbDir` when `dbDir` holds
 * nothing yet (absent or an empty folder) and the template matches. Copied beside it (`db.copying`) and
 * renamed into place, so a start cut short leaves no half database behind. Answers whether it did; when
 * not, the caller creates the database.
 */
export async function seedFromTemplate(templateDir: string, dbDir: string, migrationsFolder: string): Promise<boolean> {
  if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) return false;
  if (!templateMatches(templateDir, migrationsFolder)) return false;
  const copying = `${dbDir}.copying`;
  await fsp.rm(copying, { recursive: true, force: true });
  await copyTree(path.join(templateDir, CLUSTER), copying);
  await fsp.chmod(copying, 0o700);
  await fsp.rm(dbDir, { recursive: true, force: true });
  await fsp.rename(copying, dbDir);
  return true;
}
