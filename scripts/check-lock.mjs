#!/usr/bin/env node
// `npm ci` refuses a lock that lacks an optional dependency any locked package declares. The registry this
// project installs from serves only the platforms it runs on, so `npm install` cannot write the other
// platforms' prebuilt binaries (Biome's `@biomejs/cli-<os>-<cpu>[-musl]`) into the lock by itself.
// This check fails when such an entry is missing; `--fix` adds it with the os/cpu/libc fields that let
// npm skip it on every other platform without fetching it.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const fix = process.argv.includes('--fix');
const missing = [];

/** os, cpu and libc of a platform package named like `<scope>/cli-<os>-<cpu>[-musl]`. */
function platformOf(name) {
  const match = /-(android|darwin|linux|win32|freebsd)-(arm64|x64|ia32|arm)(-musl)?$/.exec(name);
  if (!match) return undefined;
  const [, os, cpu, musl] = match;
  return { os: [os], cpu: [cpu], ...(musl ? { libc: ['musl'] } : {}) };
}

for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] || lock.packages[`${path}/${key}`]) continue;
    const platform = platformOf(name);
    if (!fix || !platform) {
      missing.push(`${name}@${version} (optional dependency of ${path || 'the root'})`);
      continue;
    }
    lock.packages[key] = { version, dev: entry.dev, optional: true, ...platform };
  }
}

if (fix) writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
if (missing.length > 0) {
  console.error(`package-lock.json lacks entries that npm ci requires:\n  ${missing.join('\n  ')}`);
  console.error(
    fix ? 'These are not platform packages; regenerate the lock.' : 'Run `node scripts/check-lock.mjs --fix`.',
  );
  process.exit(1);
}
console.info('package-lock.json: every optional dependency has an entry (npm ci accepts it).');
