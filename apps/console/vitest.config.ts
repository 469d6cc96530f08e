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
    // One file at a time, after the other projects (which share two workers): jsdom rendering of antd is CPU-bound,
    // and two console files at once on 2 cores pushed the slowest test past its 30 s bound (docs/testing.md).
    fileParallelism: false,
    sequence: { groupOrder: 1 },
  },
});
