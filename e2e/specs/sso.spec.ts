import { expect, type Page, test } from '@playwright/test';
import { MESSAGES } from '@signage/domain';

/**
 * 'For FR Group' against the real test SAML identity provider (npm run sso:dev, started by the
 * config): the console fetches the login address, the provider's page signs a user in and posts a
 * signed response to the server, the console exchanges the one-time token and opens the role's page.
 */

const LANDINGS = [
  ['fr-mk', 'Mika Marketing', '/device/list', 'Player list'],
  ['fr-st', 'Sora Store', '/device/list', 'Player list'],
  ['fr-lhqbiz', 'Lena LHQ Biz', '/device/list', 'Player list'],
  ['fr-lhqit', 'Ivan LHQ IT', '/device/list', 'Player list'],
  ['fr-frit', 'Fumiko FRIT', '/device/list', 'Player list'],
  ['fr-kt', 'Kenta Kitting', '/newdevice/list', 'Players waiting for registration'],
] as const;

async function signInAtProvider(page: Page, name: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'For FR Group' }).click();
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Sign in as ${name}`) }).click();
}

for (const [userId, name, path, title] of LANDINGS) {
  test(`${userId} signs in through 'For FR Group' and lands on ${path}`, async ({ page }) => {
    await signInAtProvider(page, name);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page).toHaveTitle(`${title} - Digital Signage`);
    await expect(page.getByRole('button', { name })).toBeVisible();
    // The SAML response never reached an address: only the one-time token did, and it is spent.
    const me = await page.request.get('/api/users/me');
    expect((await me.json()).data.userId).toBe(userId);
  });
}

test('a user without a role returns to login with the reason in the red strip and no session', async ({ page }) => {
  await signInAtProvider(page, 'Nora No Role');
  await expect(page).toHaveURL(/\/login\?error=ssoNoRole$/);
  const strip = page.getByRole('alert');
  await expect(strip).toContainText(MESSAGES.ssoNoRole);
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
  await strip.getByRole('button', { name: /close/i }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the one-time token works once: opening its address again goes to login', async ({ page }) => {
  const exchange = page.waitForRequest(/\/api\/sso\/token\//);
  await signInAtProvider(page, 'Mika Marketing');
  const token = new URL((await exchange).url()).pathname.split('/').pop();
  await expect(page).toHaveURL(/\/device\/list$/);
  await page.goto(`/sso/${token}`);
  await expect(page).toHaveURL(/\/login\?error=ssoExpired$/);
  await expect(page.getByRole('alert')).toContainText(MESSAGES.ssoExpired);
});
