import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { USERS } from '../support/users';

/**
 * The alerts screen (issue 29 item 3) in Chromium: DS_LHQIT (JP) opens it from the side menu; its countries are
 * its region's; a bad webhook is refused at its fields; a webhook subscription is added, listed and ended; axe
 * finds no serious or critical WCAG 2.1 AA violation. What the subscriptions send is the server suite's
 * (apps/server/test/alerts: a real SMTP server and HTTP receiver).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test('DS_LHQIT subscribes to its region by webhook, sees it listed, and ends it', async ({ page }) => {
  const url = `https://hooks.example.com/signage/${Date.now()}`;
  await signIn(page, USERS.DS_LHQIT);
  await page.getByRole('navigation').getByText('My alerts').click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { name: 'Alerts', level: 2 })).toBeVisible();
  await expect(page.getByText('Delivery log')).toBeVisible();
  await expect(page.getByText('Japan').first()).toBeVisible();

  await page.getByLabel('Webhook', { exact: true }).check();
  await page.getByLabel('Webhook URL').fill('ftp://example.com/');
  await page.getByLabel('Webhook secret').fill('short');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Please enter an http or https URL')).toBeVisible();
  await expect(page.getByText('Please enter a secret of at least 16 characters')).toBeVisible();

  await expect(page.locator('[aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.getByLabel('Webhook URL').fill(url);
  await page.getByLabel('Webhook secret').fill('a-secret-of-enough-length');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const row = page.getByRole('row').filter({ hasText: url });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Offline during opening hours');
  await expect(row).toContainText('Japan');

  await row.getByRole('button', { name: 'Unsubscribe' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(row).toHaveCount(0);
});

test('alerts are not offered to a role that does not watch the fleet', async ({ page }) => {
  await signIn(page, USERS.DS_MK);
  await expect(page.getByRole('navigation').getByText('My alerts')).toHaveCount(0);
});
