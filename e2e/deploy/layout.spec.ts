import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createAgentClient } from '@signage/agent-client';
import { signIn } from '../support/auth';
import { apiAs, makeImage, registerSerial, scheduleFromToday } from '../support/fleet';
import { ADMIN, LB_URL, serverReady, startLayout, startServer, stopLayout, stopServer } from './layout';

/**
 * Issue 28 item 2: the layout of deploy/ (nginx with deploy/nginx-lb.conf, two servers, PostgreSQL, s3rver)
 * as docs/operations.md sets it up, driven through the load balancer only.
 */
test.describe.configure({ mode: 'serial' });

let staff: APIRequestContext;
let sequence = 0;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await startLayout();
  staff = await apiAs(ADMIN, LB_URL);
});

test.afterAll(async () => {
  await staff?.dispose();
  await stopLayout();
});

const STORE = { region: 'JP', display_pattern: 'Multi,CW' };

/** A web player page paired through the balancer, showing the idle screen. */
async function pairedWebPlayer(page: Page): Promise<string> {
  const serial = `LB-${Date.now()}-${++sequence}`;
  await page.goto(`/player/?serial=${serial}&lang=en`);
  await expect(page.getByText(serial)).toBeVisible();
  const { device_code: code, pin } = await registerSerial(staff, serial, {
    ...STORE,
    shop_no: String(700 + sequence).padStart(4, '0'),
    shop_name: `Balanced store ${serial}`,
  });
  await page.keyboard.type(pin);
  await expect(page.getByText('Nothing is scheduled')).toBeVisible();
  return code;
}

async function scheduleImage(code: string): Promise<string> {
  const image = await makeImage(staff, { name: `Image ${Date.now()}-${++sequence}`, ...STORE });
  return scheduleFromToday(staff, { name: `Balanced ${Date.now()}-${sequence}`, contents: [image], dest: [code] });
}

test('the console signs in through the load balancer', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  const me = await page.request.get('/api/health');
  expect(me.status()).toBe(200);
});

test('a web player keeps playing and gets the next change within seconds when a server is killed', async ({ page }) => {
  test.setTimeout(180_000);
  const code = await pairedWebPlayer(page);
  const shown = page.locator('.layer.shown img');
  const first = await scheduleImage(code);
  await expect(shown).toBeVisible();

  // Whichever server holds the player's push stream, one of the two kills below is that one's.
  await stopServer(0, 'SIGKILL');
  await expect(shown).toBeVisible();
  const removed = await staff.delete(`/api/schedules/${first}`);
  expect(removed.status(), await removed.text()).toBe(200);
  await expect(page.getByText('Nothing is scheduled')).toBeVisible();

  startServer(0);
  await serverReady(0);
  await stopServer(1, 'SIGKILL');
  await expect(page.getByText('Nothing is scheduled')).toBeVisible();
  await scheduleImage(code);
  await expect(shown).toBeVisible();

  startServer(1);
  await serverReady(1);
});

test('a rolling restart of every server under console and player traffic fails no request', async ({ page }) => {
  test.setTimeout(240_000);
  const failed: string[] = [];
  // What the page cancels itself is not a failure: Chromium reports ERR_ABORTED for a 304 manifest whose body is
  // left unread (one per memo edit below, each of which makes the player collect) and for the push stream the
  // player closes on 'reconnect'. A refused or cut connection, or a 5xx from the balancer, is.
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText;
    if (reason !== 'net::ERR_ABORTED')
      failed.push(`player page: ${request.method()} ${request.url()} failed: ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) failed.push(`player page: ${response.status()} ${response.url()}`);
  });
  const code = await pairedWebPlayer(page);
  await scheduleImage(code);
  await expect(page.locator('.layer.shown img')).toBeVisible();

  // A second player on the agent protocol: heartbeats and manifests as fast as they are answered.
  const serial = `LB-AGENT-${Date.now()}`;
  const agent = createAgentClient({ baseUrl: LB_URL });
  await agent.announce(serial);
  const { pin } = await registerSerial(staff, serial, { ...STORE, shop_no: '0799', shop_name: 'Agent store' });
  await agent.pair(serial, pin);

  let running = true;
  const served = { console: 0, player: 0 };
  const consoleTraffic = (async () => {
    while (running) {
      const list = await staff.get('/api/devices').catch((error: Error) => error);
      if (list instanceof Error || list.status() !== 200) failed.push(`console list: ${outcome(list)}`);
      const edit = await staff
        .put(`/api/devices/${code}`, { data: { memo: `memo ${served.console}` } })
        .catch((error: Error) => error);
      if (edit instanceof Error || edit.status() !== 200) failed.push(`console edit: ${outcome(edit)}`);
      served.console += 2;
    }
  })();
  const playerTraffic = (async () => {
    while (running) {
      await agent.heartbeat('ok').catch((error: Error) => failed.push(`heartbeat: ${error.message}`));
      await agent.manifest().catch((error: Error) => failed.push(`manifest: ${error.message}`));
      served.player += 2;
    }
  })();

  for (const index of [0, 1]) {
    expect(await stopServer(index, 'SIGTERM')).toBe(0);
    startServer(index);
    await serverReady(index);
  }
  running = false;
  await Promise.all([consoleTraffic, playerTraffic]);
  console.info(`rolling restart: ${served.console} console and ${served.player} player requests served`);
  expect(served.console).toBeGreaterThan(0);
  expect(served.player).toBeGreaterThan(0);
  expect(failed).toEqual([]);
  await expect(page.locator('.layer.shown img')).toBeVisible();
});

function outcome(answer: Error | { status(): number; url(): string }): string {
  return answer instanceof Error ? answer.message : `${answer.status()} ${answer.url()}`;
}
