// File size (issue 27): no source file over MAX_LINES lines. A file that grows past it is split by what it
// holds; it is not allowed here. ALLOWED names the files being split this round, each with who splits it:
// the integrator removes an entry once its split is merged, and an entry whose file is short again fails.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const MAX_LINES = 300;

/** The trees checked: every workspace's sources (tests, fixtures and generated code are not source). */
export const SOURCE_ROOTS = [
  'packages/domain/src',
  'packages/agent-client/src',
  'apps/server/src',
  'apps/console/src',
  'apps/player/src',
];

export const ALLOWED = {};

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const NOT_SOURCE = /(\.d\.ts|\.test\.tsx?|\.spec\.tsx?)$/;

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (SOURCE.test(name) && !NOT_SOURCE.test(name)) out.push(path);
  }
  return out;
}

const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The problems of the tree at `root`: each source file over MAX_LINES not allowed, each allowance not needed. */
export function checkSizes(root, allowed = ALLOWED, roots = SOURCE_ROOTS) {
  const problems = [];
  const seen = new Set();
  for (const sourceRoot of roots) {
    let paths;
    try {
      paths = files(join(root, sourceRoot));
    } catch {
      continue;
    }
    for (const path of paths) {
      const file = relative(root, path).split(sep).join('/');
      const lines = lineCount(readFileSync(path, 'utf8'));
      if (lines <= MAX_LINES) continue;
      seen.add(file);
      if (!allowed[file]) problems.push(`${file}: ${lines} lines, over ${MAX_LINES}: split it by what it holds`);
    }
  }
  for (const file of Object.keys(allowed)) {
    if (!seen.has(file)) {
      problems.push(
        `${file}: allowed over ${MAX_LINES} lines (scripts/boundaries/sizes.mjs) but is not: remove the entry`,
      );
    }
  }
  return problems;
}
