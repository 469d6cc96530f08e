import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { apiAs } from '../support/fleet';
import { USERS } from '../support/users';
import { playingWebPlayer, storeCodeOf } from '../support/webPlayer';

/**
 * Issue 29 item 6 in Chromium: a web player plays its schedule; DS_LHQIT posts an emergency text to its store on
 * the console's emergency screen; it covers the playing screen within 5 seconds (by push); cancelled from the
 * list (confirmed), it leaves the screen and the schedule plays again.
 */
test('an emergency message covers a playing web player within 5 s, and the schedule comes back when it is cancelled', async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const shopNo = storeCodeOf(stamp);
  const text = `Evacuate now ${stamp}`;
  const frit = await apiAs(USERS.DS_FRIT);
  const mk = await apiAs(USERS.DS_MK);
  const consoleContext = await browser.newContext();
  try {
    // The player starts playing while staff sign in to the console.
    const staff = await consoleContext.newPage();
    await Promise.all([
      playingWebPlayer(page, { frit, mk }, { shop_no: shopNo, shop_name: `Emergency ${stamp}` }),
      signIn(staff, USERS.DS_LHQIT),
    ]);
    await staff.goto('/emergency');
    const form = staff.getByRole('form', { name: 'Emergency message' });
    await form.getByRole('radio', { name: 'Store codes' }).check();
    const codes = form.getByRole('combobox', { name: 'Store codes' });
    await codes.fill(shopNo);
    await codes.press('Enter');
    await form.getByLabel('Message', { exact: true }).fill(text);
    await form.getByRole('button', { name: 'Post now' }).click();
    await expect(staff.getByText('The emergency message is on the screens')).toBeVisible();

    // On the player: the message over everything within 5 s, and the schedule off the screen.
    const covering = page.locator('.emergency');
    await expect(covering).toBeVisible({ timeout: 5_000 });
    await expect(covering).toHaveText(text);
    await expect(page.locator('.layer.shown img')).toBeHidden();

    const listed = staff.locator('.ant-list-item').filter({ hasText: text });
    await expect(listed.getByText('On screen', { exact: true })).toBeVisible();
    await listed.getByRole('button', { name: 'Cancel' }).click();
    await staff.getByRole('button', { name: 'End it now' }).click();
    await expect(listed.getByText('Cancelled', { exact: true })).toBeVisible();

    await expect(covering).toBeHidden({ timeout: 5_000 });
    await expect(page.locator('.layer.shown img')).toBeVisible();
  } finally {
    await consoleContext.close();
    await frit.dispose();
    await mk.dispose();
  }
});
