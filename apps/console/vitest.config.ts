import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // A bound on a hung test, never a wait: findBy/waitFor end as soon as what they wait for is on screen. No test
    // may need more (issue 27 item 5); the slowest, the wizard's Night defaults, took 27 s with seven suites on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two files at a time (the root config's two workers), after the other projects, which spawn servers and CLIs:
    // on a quiet 2-core machine 136 s instead of 180 s one at a time, the slowest test 6.3 s (router.test.tsx) of
    // its 30 s bound. (One at a time was chosen when the machine ran seven suites at once: docs/testing.md. Two at
    // a time once showed a guard bug, a blank / under load, fixed in app/RootLayout.tsx with a test of its own.)
    fileParallelism: true,
    sequence: { groupOrder: 1 },
  },
});
