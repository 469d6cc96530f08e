import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
