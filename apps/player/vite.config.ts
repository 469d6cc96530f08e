import { defineConfig } from 'vite';

/** The web player, served by the product at /player/ (apps/server/src/player/static.ts). */
export default defineConfig({
  base: '/player/',
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
