import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { text } from '../support/i18n';
import { USERS } from '../support/users';

const LANDINGS = [
  ['DS_MK', '/device/list', 'Player list'],
  ['DS_ST', '/device/list', 'Player list'],
  ['DS_LHQBIZ', '/device/list', 'Player list'],
  ['DS_LHQIT', '/device/list', 'Player list'],
  ['DS_FRIT', '/device/list', 'Player list'],
  ['DS_KT', '/newdevice/list', 'Players waiting for registration'],
] as const;

for (const [role, path, title] of LANDINGS) {
  test(`${role} signs in and lands on ${path}`, async ({ page }) => {
    await signIn(page, USERS[role]);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page).toHaveTitle(`${title} - Digital Signage`);
    await expect(page.getByRole('button', { name: USERS[role].name })).toBeVisible();
  });
}

test('the login page follows the spec and shows a wrong password in a red strip', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Digital signage system')).toBeVisible();
  const vendor = page.getByRole('button', { name: 'For Vendor' });
  await expect(vendor).toBeDisabled();
  await expect(page.getByRole('button', { name: 'For FR Group' })).toBeVisible();
  await page.getByLabel('ID', { exact: true }).fill(USERS.DS_MK.id);
  await expect(vendor).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await expect(vendor).toBeEnabled();
  await page.getByLabel('Password', { exact: true }).press('Enter');
  const strip = page.getByRole('alert');
  await expect(strip).toContainText('Incorrect ID or password. Login failed');
  await expect(page).toHaveURL(/\/login$/);
  await strip.getByRole('button', { name: /close/i }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the header and banner are hidden on login; the menu follows the role', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await signIn(page, USERS.DS_KT);
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Player');
  await expect(menu).not.toContainText('Contents');
  await expect(menu).not.toContainText('Setting');
  await page.goto('/setting/list');
  await expect(page).toHaveURL(/\/newdevice\/list$/);
});

test('switching to Japanese changes the texts and survives a reload', async ({ page }) => {
  await signIn(page, USERS.DS_FRIT);
  await page.getByRole('button', { name: USERS.DS_FRIT.name }).click();
  await page.getByRole('radio', { name: '日本語' }).check();
  const jaTitle = `${text('ja', 'title.playerList')} - Digital Signage`;
  await expect(page).toHaveTitle(jaTitle);
  await expect(page.getByRole('menu')).toContainText(text('ja', 'menu.contents'));
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ja');
  await page.reload();
  await expect(page).toHaveTitle(jaTitle);
  await expect(page.getByRole('menu')).toContainText(text('ja', 'menu.setting'));
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'language')?.value).toBe('ja');
});

test('logout returns to login and protected routes then redirect there', async ({ page }) => {
  await signIn(page, USERS.DS_MK);
  await page.getByRole('button', { name: USERS.DS_MK.name }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/device/list');
  await expect(page).toHaveURL(/\/login$/);
  const me = await page.request.get('/api/users/me');
  expect(me.status()).toBe(401);
});

test('an unknown route sends a signed-in user to the landing page', async ({ page }) => {
  await signIn(page, USERS.DS_LHQBIZ);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/device\/list$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/device\/list$/);
});
