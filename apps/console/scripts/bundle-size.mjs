#!/usr/bin/env node
// JavaScript a browser fetches for the first load of a route, as it travels on the wire: every
// chunk index.html loads (the entry and its static imports) plus the route's lazy chunks and their
// static imports, each counted at the size the server sends to a browser that accepts brotli (the
// .br copy the build writes next to it, else the file itself), with its ratio to the budgets of
// issue 15 (/login 150 KB, /device/list 300 KB); bench/console-wire.ts measures the same in Chromium
// against a running server and fails on a miss. This script, run by `npm test` after `vite build`,
// fails (exit 1) when a route's first load exceeds its budget, or, for a route that does not meet its
// budget yet, its `ceiling`: what the route measures now, so that any growth fails while the cuts
// still to make bring it down to the budget (lower the ceiling with each cut; drop it once met). It
// also fails when /login exceeds the budget of ARCHITECTURE.md section 7 (250 KB gzipped).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const GZIP_BUDGET = { path: '/login', bytes: 250 * 1000 };

const ROUTES = [
  { path: '/login', budget: 150 * 1000, chunks: ['src/features/auth/pages/LoginPage.tsx'] },
  {
    path: '/device/list',
    budget: 300 * 1000,
    chunks: ['src/app/SignedInShell.tsx', 'src/app/antd.tsx', 'src/features/players/pages/PlayerListPage.tsx'],
  },
];

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) throw new Error('no index.html entry in the manifest; is build.manifest enabled?');

/** Bytes on the wire: the brotli copy when the build wrote one, else the file as it is. */
function wireBytes(file) {
  const full = join(dist, file);
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
}

function firstLoad(chunks) {
  const files = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(entryKey);
  for (const key of chunks) {
    if (!manifest[key]) throw new Error(`${key} is not a chunk of its own; is its route lazy?`);
    walk(key);
  }
  return [...files].filter((file) => file.endsWith('.js')).map((file) => ({ file, bytes: wireBytes(file) }));
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const failures = [];
for (const route of ROUTES) {
  const rows = firstLoad(route.chunks).sort((a, b) => b.bytes - a.bytes);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  console.info(`\n${route.path}`);
  for (const row of rows) console.info(`${kb(row.bytes).padStart(10)}  ${row.file}`);
  const ratio = (total / route.budget).toFixed(2);
  const verdict = total > route.budget ? `over by ${kb(total - route.budget)}` : 'within';
  console.info(
    `${kb(total).padStart(10)}  first-load JS (brotli): ${verdict} issue 15's ${kb(route.budget)}, ratio ${ratio}`,
  );
  const enforced = route.ceiling ?? route.budget;
  if (route.ceiling)
    console.info(`${''.padStart(10)}  budget not met yet: held at its ceiling of ${kb(route.ceiling)}`);
  if (total > enforced) failures.push(`${route.path}: ${kb(total)} of first-load JS (brotli), over ${kb(enforced)}`);
}

const login = ROUTES.find((route) => route.path === GZIP_BUDGET.path);
const gzipTotal = firstLoad(login.chunks).reduce(
  (sum, { file }) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
  0,
);
console.info(`\n${kb(gzipTotal).padStart(10)}  first-load JS of /login (gzip), budget ${kb(GZIP_BUDGET.bytes)}`);
if (gzipTotal > GZIP_BUDGET.bytes) failures.push(`/login: ${kb(gzipTotal)} gzip, over ${kb(GZIP_BUDGET.bytes)}`);
if (failures.length > 0) {
  for (const failure of failures) console.error(`over budget: ${failure}`);
  process.exit(1);
}
