import { expect, test } from '@playwright/test';
import { createAgentClient } from '@signage/agent-client';
import { startSimulatedPlayer } from '../../apps/server/src/simulator/simulatedPlayer';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';
import { apiAs, makeImage, registerSerial, scheduleFromToday } from '../support/fleet';
import { USERS } from '../support/users';

/**
 * Confirmed delivery, as staff see it: a player that holds its plan is 'Up to date'; a schedule created while
 * it is away makes it 'Pending since HH:mm'; once it is back, collects (push on connect) and confirms, the
 * list says 'Up to date' again, and the device playing list shows what it applied.
 */
test('the player list shows pending delivery until the player applies the change', async ({ page }) => {
  const stamp = Date.now();
  const shop = `Delivery E2E ${stamp}`;
  const frit = await apiAs(USERS.DS_FRIT);
  const mk = await apiAs(USERS.DS_MK);
  const agent = createAgentClient({ baseUrl: E2E.baseURL });
  const serial = `DLV-${stamp}`;
  await agent.announce(serial);
  const { device_code: code, pin } = await registerSerial(frit, serial, {
    region: 'JP',
    shop_no: '0088',
    shop_name: shop,
    display_pattern: 'Multi,CW',
  });
  await agent.pair(serial, pin);

  // Online: it collects its (empty) plan on connect and confirms it.
  let applied = 0;
  const online = () =>
    startSimulatedPlayer({
      client: createAgentClient({ baseUrl: E2E.baseURL, token: agent.token }),
      download: true,
      onApplied: () => {
        applied += 1;
      },
    });
  let player = online();
  await expect.poll(() => applied).toBeGreaterThan(0);
  await player.stop();

  await signIn(page, USERS.DS_FRIT);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/device/list`);
  const row = () => page.getByRole('row').filter({ hasText: shop });
  await page.getByRole('button', { name: /Filter/ }).click();
  const form = page.getByRole('form', { name: 'Search players' });
  await form.getByLabel('Store name').fill(shop);
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(row().getByRole('button', { name: 'Up to date' })).toBeVisible();

  // Away: a schedule for it makes its delivery pending from that moment.
  const image = await makeImage(mk, { name: `Delivery ${stamp}`, display_pattern: 'Multi,CW', region: 'JP' });
  await scheduleFromToday(mk, { name: `Delivery ${stamp}`, contents: [image], dest: [code] });
  await page.reload();
  await expect(row().getByRole('button', { name: /^Pending since \d\d:\d\d GMT$/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('player-list-pending.png') });

  // Back: it collects, downloads and verifies the image, confirms; the list says so.
  const before = applied;
  player = online();
  try {
    await expect.poll(() => applied).toBeGreaterThan(before);
    await page.reload();
    await row().getByRole('button', { name: 'Up to date' }).click();
    const dialog = page.getByRole('dialog', { name: `Now playing on ${shop}` });
    await expect(dialog.getByText('Plan version applied')).toBeVisible();
    await expect(dialog.getByText(player.applied?.slice(0, 12) ?? 'missing')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('device-playing.png') });
  } finally {
    await player.stop();
    await frit.dispose();
    await mk.dispose();
  }
});
