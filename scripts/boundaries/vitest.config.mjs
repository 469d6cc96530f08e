import { defineConfig } from 'vitest/config';

// The boundary checks on small fixture trees (each test runs dependency-cruiser once, about a second).
export default defineConfig({ test: { name: 'boundaries', include: ['*.test.mjs'], environment: 'node' } });
