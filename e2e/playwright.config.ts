import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './support/chromium';
import { E2E } from './support/env';

// Drives the built product, started as a user starts it (`npm run serve`), in Debian's chromium.
// A fresh data directory per run; users of every role are created through the admin CLI in the setup project,
// which runs after the server is up, so the CLI talks to the running server.
/** The built product on a fresh data directory of its own (`npm run serve`), with the run's admin password. */
function productServer(dataDir: string, url: string, env: Record<string, string>) {
  return {
    command: `rm -rf "${dataDir}" && npm run --silent serve`,
    cwd: E2E.repoRoot,
    url: `${url}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Stopped as a service is (SIGTERM), so that it stops its embedded nginx: killed outright, the nginx (its
    // own process group) outlives it, keeps the RTMP port and refuses the next run's publishers.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { DATA_DIR: dataDir, ADMIN_PASSWORD: E2E.adminPassword, LOG_LEVEL: 'warn', ...env },
  };
}

export default defineConfig({
  testDir: './specs',
  // No test may take longer: a journey that needs more cuts its load (or splits), it does not raise this.
  timeout: 30_000,
  expect: { timeout: 10_000 },
  retries: 0,
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: 'setup', testDir: './support', testMatch: /users\.setup\.ts/ },
    { name: 'chromium', dependencies: ['setup'], testIgnore: /alert-delivery\.spec\.ts/ },
    // On a server of its own (its first admin only): it needs none of the setup's users. One test at a time:
    // each counts the messages of subscriptions to whole countries, which another run's players would add to.
    { name: 'alerts', testMatch: /alert-delivery\.spec\.ts/, workers: 1 },
  ],
  use: {
    baseURL: E2E.baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
  webServer: [
    {
      // The test SAML identity provider 'For FR Group' goes to (apps/server/test/sso/idp.ts).
      command: 'npm run --silent sso:dev',
      cwd: E2E.repoRoot,
      url: `${E2E.idpURL}/metadata`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SSO_IDP_PORT: String(E2E.idpPort), SSO_SP_URL: E2E.baseURL },
    },
    productServer(E2E.dataDir, E2E.baseURL, {
      PORT: String(E2E.port),
      // The embedded nginx-rtmp ingest, on a port of this run's own.
      LIVE_RTMP_PORT: String(E2E.rtmpPort),
      // Single sign-on against the test identity provider; password sign-in is unaffected.
      SSO_IDP_SSO_URL: `${E2E.idpURL}/sso`,
      SSO_IDP_ENTITY_ID: `${E2E.idpURL}/metadata`,
      SSO_IDP_CERT_FILE: E2E.idpCertFile,
      SSO_SP_ENTITY_ID: `${E2E.baseURL}/api/sso/metadata`,
      SSO_CALLBACK_URL: `${E2E.baseURL}/api/sso/callback`,
    }),
    // The same product whose clock starts before a DST transition (support/storeClock.mjs), for
    // specs/player-dst.spec.ts; its first admin (DS_FRIT) is the only user it needs.
    productServer(E2E.clockDataDir, E2E.clockURL, {
      PORT: String(E2E.clockPort),
      LIVE_INGEST: 'off',
      STORE_CLOCK_AT: E2E.storeClockAt,
      NODE_OPTIONS: `--import ${join(E2E.repoRoot, 'e2e', 'support', 'storeClock.mjs')}`,
    }),
    // The alert inbox (support/alertInbox.ts): a real SMTP server and a webhook receiver, read by the spec.
    {
      command: 'node --import tsx e2e/support/alertInbox.ts',
      cwd: E2E.repoRoot,
      url: `${E2E.alertsInboxURL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    // The same product telling of a player offline for 6 s of opening hours, a round every second, by e-mail to
    // the inbox's SMTP server and by webhook to its receiver on 127.0.0.1 (specs/alert-delivery.spec.ts).
    productServer(E2E.alertsDataDir, E2E.alertsURL, {
      PORT: String(E2E.alertsPort),
      LIVE_INGEST: 'off',
      SMTP_URL: `smtp://127.0.0.1:${E2E.alertsSmtpPort}`,
      ALERT_FROM: 'Signage e2e <alerts@e2e.example>',
      ALERT_OFFLINE_MINUTES: '0.1',
      ALERT_CHECK_SECONDS: '1',
      ALERT_WEBHOOK_ALLOW_PRIVATE: 'true',
    }),
  ],
});
