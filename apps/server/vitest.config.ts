import { defineConfig } from 'vitest/config';

// Integration tests hit a real database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
// Each test file builds its own database (PGlite: cloned from a migrated template made once by
// test/globalSetup.ts), so files run in parallel safely.
export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/globalSetup.ts'],
  },
});
