import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where this package lives (apps/server). Resolved from this file, which sits one folder below it as the
 * built server does (dist/main.mjs, see build.mjs): the same answer whether the server runs from its
 * sources (tsx: tests, the CLI) or from the bundle, where every module shares the bundle's URL. Files the
 * server reads at run time (migrations, the PGlite worker, the built console) are found from here.
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The migrated, empty embedded database the build makes (build.mjs, db/pgliteTemplate.ts): a first start
 * copies it instead of running PGlite's initdb and the migrations.
 */
export const PGLITE_TEMPLATE_DIR = path.join(SERVER_ROOT, 'dist', 'pglite-template');

/** drizzle-kit's migrations, applied at every start (db/client.ts). */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');
