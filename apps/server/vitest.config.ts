import { configDefaults, defineConfig } from 'vitest/config';

// Integration tests hit a real database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
// Each test file builds its own database (PGlite: cloned from a migrated template made once by
// test/globalSetup.ts), so files run in parallel safely.
// A file named *.postgres.test.ts holds what only PostgreSQL has (several connections, pg_dump, LISTEN of its own),
// one named *.pglite.test.ts what only the embedded database has: each runs in its step and is not listed in the
// other (rather than counted there as skipped).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL?.trim());

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, onPostgres ? 'test/**/*.pglite.test.ts' : 'test/**/*.postgres.test.ts'],
    environment: 'node',
    // Bounds on a hung test or hook, never waits. No test above 30 s (issue 27 item 5); a file's beforeAll may take
    // longer, since it starts the one server (or CLI database) all of the file's tests share.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/globalSetup.ts'],
    // One process per worker, not per file, with the sources evaluated afresh for each file (test/freshModules.ts).
    isolate: false,
    setupFiles: ['test/freshModules.ts'],
  },
});
