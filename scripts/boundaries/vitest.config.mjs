import { defineConfig } from 'vitest/config';

// The boundary checks on small fixture trees (each test runs dependency-cruiser once, about two seconds alone;
// beside the other projects' files on two cores it passed vitest's default 5 s, so the suite's 30 s bound).
export default defineConfig({
  test: { name: 'boundaries', include: ['*.test.mjs'], environment: 'node', testTimeout: 30_000 },
});
