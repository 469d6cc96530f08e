#!/usr/bin/env node
// `npm run lint:deps`: the boundaries of ARCHITECTURE.md section 2, in two checks that fail the run.
//  1. Imports (dependency-cruiser, rules in .dependency-cruiser.cjs): no cycles; layers only downward; a server
//     module reached through its index.ts; console features apart, ui/ below app/ and the features.
//  2. Tables (tables.mjs): each table of apps/server/src/db/schema.ts read and written by its owner only.
//  3. Sizes (sizes.mjs): no source file over 300 lines.
// `lintBoundaries(root)` runs them on another tree (the tests run it on small fixture trees).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSizes } from './sizes.mjs';
import { checkTables } from './tables.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const CRUISER = join(repo, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

/** The source trees the import rules cover (tests included where they sit beside the code). */
export const TARGETS = [
  'packages/domain/src',
  'packages/agent-client/src',
  'apps/server/src',
  'apps/console/src',
  'apps/player/src',
];

/**
 * Runs the checks on the tree at `root` (its own .dependency-cruiser.cjs and tsconfig.base.json). Answers
 * `{ ok, imports, tables, sizes }`: dependency-cruiser's report, the table and the file size problems, one
 * line each. `allowedSizes`: the files allowed over the limit (sizes.mjs's ALLOWED for this repository).
 */
export function lintBoundaries(root = repo, allowedSizes = root === repo ? undefined : {}) {
  const targets = TARGETS.filter((target) => existsSync(join(root, target)));
  const cruise = spawnSync(
    process.execPath,
    [CRUISER, '--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...targets],
    { cwd: root, encoding: 'utf8' },
  );
  const imports = `${cruise.stdout ?? ''}${cruise.stderr ?? ''}${cruise.error ? String(cruise.error) : ''}`.trim();
  const server = join(root, 'apps', 'server', 'src');
  const tables = existsSync(join(server, 'db', 'schema.ts')) ? checkTables(server) : [];
  const sizes = checkSizes(root, allowedSizes);
  return { ok: cruise.status === 0 && tables.length === 0 && sizes.length === 0, imports, tables, sizes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ok, imports, tables, sizes } = lintBoundaries();
  console.info(`imports: ${imports}`);
  if (tables.length > 0) {
    console.error(`tables: ${tables.length} read(s) outside the owner (scripts/boundaries/tables.mjs):`);
    for (const problem of tables) console.error(`  ${problem}`);
  } else console.info('tables: every table is read and written by its owner only');
  if (sizes.length > 0) {
    console.error(`sizes: ${sizes.length} file(s) (scripts/boundaries/sizes.mjs):`);
    for (const problem of sizes) console.error(`  ${problem}`);
  } else console.info('sizes: no source file over 300 lines');
  process.exit(ok ? 0 : 1);
}
