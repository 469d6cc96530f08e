import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { apiAs } from '../support/fleet';
import { USERS } from '../support/users';
import { centreColour, playingWebPlayer, storeCodeOf } from '../support/webPlayer';

/**
 * Issue 29 items 4 and 5 in Chromium: from the Remote card of a playing web player's detail, a screenshot shows
 * the red image the player shows; identify puts the store code on the player's screen and the console shows the
 * player's 'Done'; so does reload.
 */
test('the Remote card shows the screen the player shows, and the acknowledged outcome of identify and reload', async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const shopNo = storeCodeOf(stamp + 1);
  const frit = await apiAs(USERS.DS_FRIT);
  const mk = await apiAs(USERS.DS_MK);
  const consoleContext = await browser.newContext();
  try {
    // The player starts playing while staff sign in to the console.
    const staff = await consoleContext.newPage();
    const [code] = await Promise.all([
      playingWebPlayer(page, { frit, mk }, { shop_no: shopNo, shop_name: `Remote ${stamp}` }),
      signIn(staff, USERS.DS_FRIT),
    ]);
    await staff.goto(`/device/detail?device_code=${code}`);
    // The Remote card (the innermost card titled so).
    const remote = staff
      .locator('.ant-card', { has: staff.locator('.ant-card-head-title', { hasText: /^Remote$/ }) })
      .last();

    await remote.getByRole('button', { name: 'Screenshot' }).click();
    const shot = remote.getByTestId('screenshot');
    await expect(shot).toBeVisible({ timeout: 15_000 });
    const [red = 0, green = 255, blue = 255] = await centreColour(staff, '[data-testid="screenshot"]');
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(60);
    expect(blue).toBeLessThan(60);
    await expect(remote.getByTestId('command-screenshot')).toHaveText('Done');

    await remote.getByRole('button', { name: 'Identify' }).click();
    await expect(page.locator('.identify-code')).toContainText(shopNo);
    await expect(remote.getByTestId('command-identify')).toHaveText('Done');

    await remote.getByRole('button', { name: 'Reload' }).click();
    await expect(remote.getByTestId('command-reload')).toHaveText('Done');
    await expect(page.locator('.layer.shown img')).toBeVisible();
  } finally {
    await consoleContext.close();
    await frit.dispose();
    await mk.dispose();
  }
});
