import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'agent-client', include: ['test/**/*.test.ts'] } });
