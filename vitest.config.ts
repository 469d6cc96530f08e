import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default in `vitest run` is one worker fewer than the cores: on the 2-core CI machine, one file at
    // a time, with the second core idle whenever that file waits on a child process, a socket or PGlite's I/O.
    // Two workers: the measured figures are in docs/testing.md ("Where the time goes"). A project may not set
    // its own (projects with different maxWorkers cannot share a group); `--maxWorkers` on the command line wins.
    maxWorkers: 2,
    projects: [
      'packages/domain',
      'packages/agent-client',
      'apps/server',
      'apps/console',
      'apps/player',
      'scripts/boundaries/vitest.config.mjs',
    ],
  },
});
