import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = Number(process.env.E2E_PORT ?? 18080);
/** The test SAML identity provider (npm run sso:dev) the server is configured to trust. */
const idpPort = Number(process.env.E2E_IDP_PORT ?? port + 120);
/** The server's embedded RTMP ingest (nginx-rtmp), where the live specs publish with ffmpeg. */
const rtmpPort = Number(process.env.E2E_RTMP_PORT ?? port - 45);

/** A second server whose clock starts days before a DST transition (specs/player-dst.spec.ts). */
const clockPort = Number(process.env.E2E_CLOCK_PORT ?? port + 5);
/** A third server with alert thresholds of seconds (specs/alert-delivery.spec.ts), and its SMTP receiver. */
const alertsPort = Number(process.env.E2E_ALERTS_PORT ?? port + 9);
const alertsSmtpPort = Number(process.env.E2E_ALERTS_SMTP_PORT ?? port + 10);
const alertsInboxPort = Number(process.env.E2E_ALERTS_INBOX_PORT ?? port + 11);

export const E2E = {
  repoRoot,
  port,
  baseURL: `http://127.0.0.1:${port}`,
  dataDir: process.env.E2E_DATA_DIR ?? join(repoRoot, '.tmp', 'e2e-data'),
  adminPassword: 'Admin-e2e-Passw0rd',
  idpPort,
  idpURL: `http://127.0.0.1:${idpPort}`,
  idpCertFile: join(repoRoot, 'apps/server/test/sso/fixtures/test-only-idp-signing.crt'),
  rtmpPort,
  clockPort,
  clockURL: `http://127.0.0.1:${clockPort}`,
  clockDataDir: join(repoRoot, '.tmp', 'e2e-clock-data'),
  /** What that server's clock reads when it starts: a Saturday night before London and Lord Howe change. */
  storeClockAt: '2027-03-27T23:00:00Z',
  alertsPort,
  alertsURL: `http://127.0.0.1:${alertsPort}`,
  alertsDataDir: join(repoRoot, '.tmp', 'e2e-alerts-data'),
  /** The SMTP server of the run's alert inbox (support/alertInbox.ts), where the alerts server sends e-mail. */
  alertsSmtpPort,
  /** The inbox's HTTP side: webhooks arrive there, and the spec reads what arrived. */
  alertsInboxPort,
  alertsInboxURL: `http://127.0.0.1:${alertsInboxPort}`,
  /** The RTMP address the console shows at registration (the console is opened at 127.0.0.1). */
  rtmpURL: `rtmp://127.0.0.1:${rtmpPort}/live`,
};
