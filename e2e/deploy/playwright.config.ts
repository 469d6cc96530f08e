import { defineConfig } from '@playwright/test';
import { CHROMIUM } from '../support/chromium';
import { LB_URL } from './layout';

// The production layout of deploy/ (docs/operations.md) on this machine: nginx in front of two servers on
// PostgreSQL and s3rver, started by the spec itself (it kills and restarts the servers). Needs `npm run build`.
export default defineConfig({
  testDir: '.',
  testMatch: /\.spec\.ts$/,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  retries: 0,
  workers: 1,
  fullyParallel: false,
  use: {
    baseURL: LB_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
});
