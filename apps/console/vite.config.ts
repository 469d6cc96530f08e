import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoadGroups } from './build/chunks';
import { precompress } from './build/precompress';

const backend = 'http://localhost:8080';

/**
 * Modules known to be pure (no global registration on import) whose packages do not declare it in
 * a package.json `sideEffects` field. Saying so lets the bundler drop what a chunk does not use:
 * the domain's zod schemas, and the form engine and validator that every antd input reaches
 * through the form context. This keeps the first load of /login within budget.
 */
const PURE_MODULES = [
  /[\\/]packages[\\/]domain[\\/]src[\\/]/,
  /[\\/]node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/,
];
const moduleSideEffects = (id: string): boolean | undefined =>
  PURE_MODULES.some((pattern) => pattern.test(id)) ? false : undefined;

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects },
      output: { codeSplitting: { groups: firstLoadGroups() } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/agent': backend,
      '/media': backend,
    },
  },
});
