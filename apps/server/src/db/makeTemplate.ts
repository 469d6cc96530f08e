/**
 * Run by build.mjs (bundled beside the server in dist/): makes the migrated, empty embedded database a
 * first start copies (pgliteTemplate.ts), unless the one there still matches.
 */
import { MIGRATIONS_FOLDER, PGLITE_TEMPLATE_DIR } from '../paths';
import { PGLITE_SETTINGS } from './embedded';
import { makePgliteTemplate } from './pgliteTemplate';

const started = performance.now();
const made = await makePgliteTemplate(PGLITE_TEMPLATE_DIR, {
  settings: PGLITE_SETTINGS,
  migrationsFolder: MIGRATIONS_FOLDER,
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.info(
  made
    ? `Made the first-start database (${PGLITE_TEMPLATE_DIR}) in ${seconds} s`
    : `The first-start database (${PGLITE_TEMPLATE_DIR}) is up to date`,
);
