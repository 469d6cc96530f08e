#!/usr/bin/env node
// `npm run lint:deps`: the boundaries of ARCHITECTURE.md section 2, in two checks that fail the run.
//  1. Imports (dependency-cruiser, rules in .dependency-cruiser.cjs): no cycles; layers only downward; a server
//     module reached through its index.ts; console features apart, ui/ below app/ and the features.
//  2. Tables (tables.mjs): each table of apps/server/src/db/schema.ts read and written by its owner only.
// `lintBoundaries(root)` runs both on another tree (the tests run it on small fixture trees).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * Runs both checks on the tree at `root` (its own .dependency-cruiser.cjs and tsconfig.base.json). Answers
 * `{ ok, imports, tables }`: dependency-cruiser's report and the table problems, one line each.
 */
export function lintBoundaries(root = repo) {
  const targets = TARGETS.filter((target) => existsSync(join(root, target)));
  const cruise = spawnSync(
    process.execPath,
    [CRUISER, '--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...targets],
    { cwd: root, encoding: 'utf8' },
  );
  const imports = `${cruise.stdout ?? ''}${cruise.stderr ?? ''}${cruise.error ? String(cruise.error) : ''}`.trim();
  const server = join(root, 'apps', 'server', 'src');
  const tables = existsSync(join(server, 'db', 'schema.ts')) ? checkTables(server) : [];
  return { ok: cruise.status === 0 && tables.length === 0, imports, tables };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ok, imports, tables } = lintBoundaries();
  console.info(`imports: ${imports}`);
  if (tables.length > 0) {
    console.error(`tables: ${tables.length} read(s) outside the owner (scripts/boundaries/tables.mjs):`);
    for (const problem of tables) console.error(`  ${problem}`);
  } else console.info('tables: every table is read and written by its owner only');
  process.exit(ok ? 0 : 1);
}
