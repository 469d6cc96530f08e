import type { LaunchOptions } from '@playwright/test';

/**
 * How every e2e suite starts Debian's chromium (e2e/playwright.config.ts and e2e/deploy/playwright.config.ts):
 * no sandbox (CI runs as root), no GPU, no background traffic that could race a test's own requests.
 */
export const CHROMIUM: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
