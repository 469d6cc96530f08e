#!/usr/bin/env node
// `npm run typecheck`: every workspace's own typecheck script (its `tsc -p`), two at a time, as the machine has
// two cores and each tsc uses one; each one's output is printed whole when it ends. Exits 1 if any fails.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const checked = workspaces.filter(
  (workspace) => JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')).scripts?.typecheck,
);

function typecheck(workspace) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'typecheck'], { cwd: join(root, workspace) });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      if (output.trim() !== '') process.stdout.write(`${workspace}:\n${output}`);
      if (code !== 0) console.error(`${workspace}: typecheck failed (exit ${code})`);
      resolve(code === 0);
    });
  });
}

const queue = [...checked];
const lanes = Array.from({ length: Math.max(1, Math.min(2, availableParallelism())) }, async () => {
  let ok = true;
  for (let workspace = queue.shift(); workspace; workspace = queue.shift()) ok = (await typecheck(workspace)) && ok;
  return ok;
});
process.exit((await Promise.all(lanes)).every(Boolean) ? 0 : 1);
