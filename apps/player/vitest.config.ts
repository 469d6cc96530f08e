import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'player', include: ['test/**/*.test.ts'] } });
