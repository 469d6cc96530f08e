import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { apiAs, makeTagPair } from '../support/fleet';
import { text } from '../support/i18n';
import { USERS } from '../support/users';

type Names = { en: string; ja: string; zh: string; ko: string };

async function useLanguage(page: Page, language: string) {
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  await page.reload();
}

async function fillTag(page: Page, typeOption: string, value: string, names: Names) {
  await page.getByLabel('Tag type').click();
  await page.getByTitle(typeOption, { exact: true }).click();
  await page.getByPlaceholder('Please enter the value').fill(value);
  await page.getByPlaceholder('Please enter the Name(EN)').fill(names.en);
  await page.getByPlaceholder('Please enter the Name(JP)').fill(names.ja);
  await page.getByPlaceholder('Please enter the Name(CN)').fill(names.zh);
  await page.getByPlaceholder('Please enter the Name(KR)').fill(names.ko);
}

async function confirm(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toHaveCount(0);
}

/** Opens a row's detail from the list, going to the list through the side menu when elsewhere. */
async function openDetails(page: Page, value: string) {
  if (!page.url().endsWith('/setting/list')) {
    await page.getByRole('menuitem', { name: 'List view' }).last().click();
    await expect(page).toHaveURL(/\/setting\/list$/);
  }
  await page.getByRole('button', { name: `Details: ${value}` }).click();
  await expect(page).toHaveURL(/\/setting\/detail\?key=/);
  await expect(page.getByLabel('Value')).toHaveValue(value);
}

let pairs = 0;

/** A category (level 1) and a tag under it (level 2), each test's own (the run's stamp in their values). */
function tagPair() {
  const run = `${Date.now().toString(36)}${++pairs}`;
  return {
    category: { value: `season${run}`, en: 'Season', ja: '季節', zh: '季節', ko: '계절' },
    tag: { value: `summer${run}`, en: 'Summer', ja: '夏', zh: '夏季', ko: '여름' },
  };
}

/** The pair made through the API as DS_FRIT (the screens that make them are the first test's). */
async function savedPair() {
  const pair = tagPair();
  const frit = await apiAs(USERS.DS_FRIT);
  await makeTagPair(frit, pair.category, pair.tag);
  await frit.dispose();
  return pair;
}

const tagRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test('DS_FRIT creates a category and a tag under it, and the list shows them newest first with its total', async ({
  page,
}) => {
  const { category, tag } = tagPair();
  const rows = tagRows(page);
  await signIn(page, USERS.DS_FRIT);

  await page.goto('/setting/list');
  await expect(page).toHaveTitle('Tag list - Digital Signage');
  await page.getByRole('button', { name: 'Add New Item' }).click();
  await expect(page).toHaveURL(/\/setting\/register$/);
  const register = page.getByRole('button', { name: 'Register' });
  await expect(register).toBeDisabled();
  await fillTag(page, 'Device tag (DEVICE_TAG)', category.value, category);
  await register.click();
  await confirm(page, 'OK');
  await expect(page).toHaveURL(/\/setting\/list$/);

  await page.getByRole('button', { name: 'Add New Item' }).click();
  await fillTag(page, `DEVICE_TAG-${category.value} · Season`, tag.value, tag);
  await expect(page.getByText(`Level 2: a tag in the category DEVICE_TAG-${category.value}`)).toBeVisible();
  await page.getByPlaceholder('Please enter the note').press('Enter');
  await confirm(page, 'OK');
  await expect(page).toHaveURL(/\/setting\/list$/);

  // Both rows, newest first, with the total once the list has scrolled to its end.
  await expect(rows.nth(0)).toContainText(tag.value);
  await expect(rows.nth(0)).toContainText(`DEVICE_TAG-${category.value}`);
  await expect(rows.nth(1)).toContainText(category.value);
  // Other specs add tags too, so the list may run to several pages: scroll to its last row until the next
  // page's first row or the total arrives, and go on until the total shows.
  const total = page.getByRole('status').filter({ hasText: /^Total: \d+$/ });
  for (let shown = await rows.count(); !(await total.isVisible()); shown = await rows.count()) {
    await rows.last().scrollIntoViewIfNeeded();
    await expect(rows.nth(shown).or(total).first()).toBeVisible();
  }
  await expect(total).toBeVisible();
  const count = Number((await total.textContent())?.replace(/\D/g, ''));
  expect(count).toBeGreaterThan(10);
  await expect(rows).toHaveCount(count);
});

test('DS_FRIT reads a category and its tag in Japanese, then edits the tag', async ({ page }) => {
  const { category, tag } = await savedPair();
  const rows = tagRows(page);
  await signIn(page, USERS.DS_FRIT);
  await page.goto('/setting/list');
  await expect(rows.filter({ hasText: tag.value })).toBeVisible();

  await useLanguage(page, 'ja');
  await expect(page).toHaveTitle(`${text('ja', 'title.tagList')} - Digital Signage`);
  await expect(page.getByRole('columnheader', { name: text('ja', 'tags.columns.nameJp') })).toBeVisible();
  await expect(page.getByRole('button', { name: text('ja', 'tags.addNew') })).toBeVisible();
  const tagRow = rows.filter({ hasText: tag.value });
  await expect(tagRow).toContainText(tag.ja);
  await expect(tagRow).toContainText(category.ja);
  await expect(rows.filter({ hasText: category.value }).first()).toContainText(category.ja);
  await useLanguage(page, 'en');

  await openDetails(page, tag.value);
  await expect(page).toHaveTitle('Tag info - Digital Signage');
  const save = page.getByRole('button', { name: 'Register' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Name(EN)').fill('Summer sale');
  await expect(save).toBeEnabled();
  await page.getByLabel('Name(EN)').fill('Summer');
  await expect(save).toBeDisabled();
  await page.getByLabel('Name(EN)').fill('Summer sale');
  await save.click();
  await expect(page).toHaveURL(/\/setting\/list$/);
  await expect(rows.filter({ hasText: tag.value })).toContainText('Summer sale');
});

test('DS_FRIT deletes a tag before its category: the category first is refused', async ({ page }) => {
  const { category, tag } = await savedPair();
  const rows = tagRows(page);
  await signIn(page, USERS.DS_FRIT);
  await page.goto('/setting/list');

  await openDetails(page, category.value);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText(category.value);
  await confirm(page, 'Delete');
  await expect(page.getByRole('alert')).toContainText('Failed. Please delete tag of the type first.');
  await expect(page).toHaveURL(/\/setting\/detail\?key=/);

  await openDetails(page, tag.value);
  await page.getByRole('button', { name: 'Delete' }).click();
  await confirm(page, 'Delete');
  await expect(page).toHaveURL(/\/setting\/list$/);
  await expect(rows.filter({ hasText: tag.value })).toHaveCount(0);

  await openDetails(page, category.value);
  await page.getByRole('button', { name: 'Delete' }).click();
  await confirm(page, 'Delete');
  await expect(page).toHaveURL(/\/setting\/list$/);
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: category.value })).toHaveCount(0);
});

test('DS_MK has no Setting menu and /setting/list sends it to its landing page', async ({ page }) => {
  await signIn(page, USERS.DS_MK);
  await expect(page.getByRole('menu')).toContainText('Player');
  await expect(page.getByRole('menu')).not.toContainText('Setting');
  await page.goto('/setting/list');
  await expect(page).toHaveURL(/\/device\/list$/);
  await expect(page).toHaveTitle('Player list - Digital Signage');
});
