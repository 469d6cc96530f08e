import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { closedNowIn, openNowIn, pairedPlayer, setHours, subscribe, unsubscribeAll } from '../support/alertFleet';
import { hooksAt, hookURL, mailsTo, verifiedWebhook } from '../support/alertReceivers';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';
import { registerSerial } from '../support/fleet';

/**
 * Issue 29, "How it will be checked", alerts: the product tells people, on a server of its own whose thresholds
 * are seconds (playwright.config.ts: offline for 6 s of opening hours, a round every second), by e-mail to a
 * real SMTP server and by webhook to a real HTTP receiver (support/alertInbox.ts), each webhook verified as
 * docs/alerts.md tells a receiver to. Its first admin (DS_FRIT) subscribes, once on the console's 'My alerts'.
 * Stores in Tokyo (open now) and in New York or Seoul (closed now), their hours set from this moment's clock.
 */
const ADMIN = { id: 'admin', password: E2E.adminPassword };
const SECRET = 'e2e-alert-webhook-secret';
/** An alert reaches people within the threshold and a few rounds. */
const WITHIN = { timeout: 20_000, intervals: [250] };

test.use({ baseURL: E2E.alertsURL });

let staff: APIRequestContext;
test.beforeEach(async ({ playwright }) => {
  staff = await playwright.request.newContext({ baseURL: E2E.alertsURL });
  const login = await staff.post(`/api/users/${ADMIN.id}/auth`, { data: { password: ADMIN.password } });
  expect(login.status(), await login.text()).toBe(200);
});
test.afterEach(async () => staff.dispose());

/** The admin subscribes by e-mail on the console's 'My alerts' to Japan and the United States; answers its id. */
async function subscribeOnMyAlerts(page: Page, email: string): Promise<string> {
  await signIn(page, ADMIN);
  await page.getByRole('navigation').getByText('My alerts').click();
  const countries = page.getByRole('combobox', { name: 'Countries' });
  for (const country of ['Japan', 'United States']) {
    await countries.fill(country);
    await page.locator(`.ant-select-item-option[title="${country}"]`).click();
  }
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Offline during opening hours');
  await expect(row).toContainText('Japan');
  await expect(row).toContainText('United States');
  // The subscription the console made, as the API lists it (ended with the others at the end).
  const listed = await staff.get('/api/alerts/subscriptions');
  const made = ((await listed.json()).data.subscriptions as { subscription_id: string; target: string }[]).filter(
    (subscription) => subscription.target === email,
  );
  expect(made).toHaveLength(1);
  return made[0]?.subscription_id ?? '';
}

test('a web player offline in open Tokyo: one e-mail and one signed webhook, then back online; closed New York: nothing', async ({
  page,
  browser,
}) => {
  // Six seconds dark, an alert round, then back and another round: 15 s on a quiet machine, but this test starts
  // with the run, beside the setup's CLI processes and the first specs, and took more than 30 s there (rehearsal).
  test.setTimeout(60_000);
  const stamp = Date.now();
  const email = `ops-${stamp}@e2e.example`;
  const path = `/hook/tokyo-${stamp}`;
  const subscriptions: string[] = [];
  const player = await browser.newContext({ viewport: { width: 640, height: 360 } });
  try {
    // The web player starts in Chromium (it shows its serial) while a New York store, closed now, gets a player
    // that is offline from its pairing on, and the admin subscribes: by e-mail on 'My alerts' (Japan and the
    // United States), by webhook through the API.
    const screen = await player.newPage();
    const serial = `WEB-AL-${stamp}`;
    const shopName = `Tokyo ${stamp}`;
    const [newYork] = await Promise.all([
      pairedPlayer(
        staff,
        { region: 'US', shop_no: String(1000 + (stamp % 9000)), shop_name: `New York ${stamp}` },
        closedNowIn('America/New_York'),
      ),
      subscribeOnMyAlerts(page, email).then((id) => subscriptions.push(id)),
      subscribe(staff, {
        conditions: ['offline'],
        countries: ['JP', 'US'],
        channel: 'webhook',
        webhook_url: hookURL(path),
        webhook_secret: SECRET,
      }).then((id) => subscriptions.push(id)),
      screen.goto(`${E2E.alertsURL}/player/?serial=${serial}&lang=en`),
    ]);
    await expect(screen.getByText(serial)).toBeVisible();

    // Paired to a Tokyo store open now.
    const store = { region: 'JP', shop_no: String(1000 + ((stamp + 1) % 9000)), shop_name: shopName };
    const { device_code: tokyo, pin } = await registerSerial(staff, serial, { ...store, display_pattern: 'Multi,CW' });
    await screen.keyboard.type(pin);
    await expect(screen.getByText(shopName)).toBeVisible();
    await setHours(staff, tokyo, openNowIn('Asia/Tokyo'));

    // The store's screen goes dark during opening hours: one e-mail and one signed webhook, naming Tokyo only,
    // after it went dark (none while it played).
    expect(await hooksAt(path)).toEqual([]);
    const dark = Date.now();
    await screen.close();
    await expect.poll(async () => (await mailsTo(email)).length, WITHIN).toBe(1);
    await expect.poll(async () => (await hooksAt(path)).length, WITHIN).toBe(1);
    const [alert] = await mailsTo(email);
    expect(alert?.subject).toBe('Signage alert: 1 player needs attention');
    expect(alert?.text).toContain(`JP ${store.shop_no} ${shopName} / ${serial}: offline`);
    expect(alert?.text).not.toContain(newYork.serial);
    const [hook] = await hooksAt(path);
    expect(hook?.at).toBeGreaterThan(dark);
    const alerted = verifiedWebhook(hook as never, SECRET);
    expect(alerted.kind).toBe('alert');
    expect(alerted.players.map((p) => [p.device_code, p.region, p.condition])).toEqual([[tokyo, 'JP', 'offline']]);

    // It comes back (the same browser, its pairing kept): 'back online' by e-mail and by webhook.
    const again = await player.newPage();
    await again.goto(`${E2E.alertsURL}/player/?serial=${serial}&lang=en`);
    await expect(again.getByText(shopName)).toBeVisible();
    await expect.poll(async () => (await mailsTo(email)).length, WITHIN).toBe(2);
    await expect.poll(async () => (await hooksAt(path)).length, WITHIN).toBe(2);
    const back = (await mailsTo(email))[1];
    expect(back?.subject).toBe('Signage: 1 player is back to normal');
    expect(back?.text).toContain(`JP ${store.shop_no} ${shopName} / ${serial}: back online`);
    const recovered = verifiedWebhook((await hooksAt(path))[1] as never, SECRET);
    expect(recovered.kind).toBe('recovery');
    expect(recovered.message_id).not.toBe(alerted.message_id);
    expect(recovered.players.map((p) => p.device_code)).toEqual([tokyo]);

    // New York's player, offline longer than Tokyo's all along, was in neither: its store is closed.
    for (const mail of await mailsTo(email)) expect(mail.text).not.toContain(newYork.serial);
    for (const each of await hooksAt(path)) expect(each.body).not.toContain(newYork.code);
  } finally {
    await player.close();
    await unsubscribeAll(staff, subscriptions);
  }
});

test('fifty players offline at once during opening hours make one message listing them', async () => {
  const stamp = Date.now();
  const email = `outage-${stamp}@e2e.example`;
  const path = `/hook/seoul-${stamp}`;
  const subscriptions = [
    await subscribe(staff, { conditions: ['offline'], countries: ['KR'], channel: 'email', email }),
    await subscribe(staff, {
      conditions: ['offline'],
      countries: ['KR'],
      channel: 'webhook',
      webhook_url: hookURL(path),
      webhook_secret: SECRET,
    }),
  ];
  try {
    // Fifty Seoul stores, closed now, each with a player offline from its pairing on (five lanes at a time).
    const closed = closedNowIn('Asia/Seoul');
    const stores = Array.from({ length: 50 }, (_, i) => ({
      region: 'KR',
      shop_no: String(1000 + ((stamp + i) % 9000)),
      shop_name: `Seoul ${stamp} ${i}`,
    }));
    const fifty: { code: string; serial: string }[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (lane) => {
        for (let i = lane; i < stores.length; i += 5) {
          fifty[i] = await pairedPlayer(staff, stores[i] as (typeof stores)[number], closed);
        }
      }),
    );
    // A last Seoul player, paired after them to a store without hours (open at all times): its alert comes
    // once it is offline past the threshold, and so, longer, are the fifty, which are not in it (closed).
    const last = await pairedPlayer(staff, { region: 'KR', shop_no: '0999', shop_name: `Seoul open ${stamp}` });
    await expect.poll(async () => (await mailsTo(email)).length, WITHIN).toBe(1);
    const [first] = await mailsTo(email);
    expect(first?.subject).toBe('Signage alert: 1 player needs attention');
    expect(first?.text).toContain(last.serial);
    await expect.poll(async () => (await hooksAt(path)).length, WITHIN).toBe(1);

    // The fifty stores open (their hours set in bulk, as for a selection of players): one e-mail and one
    // webhook list all fifty.
    const opened = await staff.post('/api/devices/hours', {
      data: { device_codes: fifty.map((p) => p.code), hours: openNowIn('Asia/Seoul') },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    await expect.poll(async () => (await mailsTo(email)).length, WITHIN).toBe(2);
    await expect.poll(async () => (await hooksAt(path)).length, WITHIN).toBe(2);
    const outage = (await mailsTo(email))[1];
    expect(outage?.subject).toBe('Signage alert: 50 players need attention');
    expect(fifty.filter((p) => !outage?.text.includes(`/ ${p.serial}: offline`))).toEqual([]);
    const listed = verifiedWebhook((await hooksAt(path))[1] as never, SECRET);
    expect(listed.kind).toBe('alert');
    expect(listed.players.map((p) => p.device_code).sort()).toEqual(fifty.map((p) => p.code).sort());
    expect(listed.players.every((p) => p.condition === 'offline' && p.region === 'KR')).toBe(true);
  } finally {
    await unsubscribeAll(staff, subscriptions);
  }
});
