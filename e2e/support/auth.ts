import { expect, type Page } from '@playwright/test';
import type { E2EUser } from './users';

export async function signIn(page: Page, user: Pick<E2EUser, 'id' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('ID', { exact: true }).fill(user.id);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'For Vendor' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}
