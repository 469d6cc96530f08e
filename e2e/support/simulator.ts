import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { E2E } from './env';

export type SimulatorRun = { status: number; output: string };

/** Runs the player simulator of the admin CLI against the server under test. */
export function simulate(action: string, args: string[]): SimulatorRun {
  const result = spawnSync(
    'npm',
    [
      'run',
      '--silent',
      'cli',
      '--',
      'simulate',
      action,
      '--url',
      E2E.baseURL,
      '--state',
      join(E2E.dataDir, 'simulator-state.json'),
      ...args,
    ],
    { cwd: E2E.repoRoot, encoding: 'utf8', env: { ...process.env, DATA_DIR: E2E.dataDir } },
  );
  return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}
