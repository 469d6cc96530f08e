import { defineConfig } from 'vitest/config';

// Property tests walk thousands of cases; with the whole suite on 2 cores one took 6.3 s against the
// default 5 s limit. The limit bounds a hung test; it does not make a test wait.
export default defineConfig({ test: { name: 'domain', include: ['test/**/*.test.ts'], testTimeout: 30_000 } });
