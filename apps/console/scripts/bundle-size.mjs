#!/usr/bin/env node
// First-load JavaScript of /login (ARCHITECTURE.md section 7: under 250 KB gzipped): every chunk
// index.html loads (the entry and its static imports) plus the login route's chunk and its static
// imports, each gzipped on its own, as a browser fetches them. Run after `vite build`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 250 * 1000;
const LOGIN_PAGE = 'src/features/auth/pages/LoginPage.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) throw new Error('no index.html entry in the manifest; is build.manifest enabled?');
if (!manifest[LOGIN_PAGE]) throw new Error(`${LOGIN_PAGE} is not a chunk of its own; is the login route lazy?`);

const files = new Set();
function walk(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) walk(imported);
}
walk(entryKey);
walk(LOGIN_PAGE);

const rows = [...files]
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }))
  .sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

for (const row of rows) console.info(`${kb(row.gzip).padStart(10)}  ${row.file}`);
console.info(`${kb(total).padStart(10)}  total first-load JS of /login (gzip), budget ${kb(BUDGET_BYTES)}`);

if (total > BUDGET_BYTES) {
  console.error(`over budget by ${kb(total - BUDGET_BYTES)}`);
  process.exit(1);
}
