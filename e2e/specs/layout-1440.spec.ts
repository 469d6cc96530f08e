import { expect, type Locator, type Page, test } from '@playwright/test';
import { type Hours, setHours } from '../support/alertFleet';
import { signIn } from '../support/auth';
import { apiAs, makeImage, makePlayer } from '../support/fleet';
import { text } from '../support/i18n';
import { USERS } from '../support/users';

/**
 * Issue 31's walk at 1440x900: the wizard's content step shows every column beside its panel (no sideways
 * scroll, headings broken between words), marks a content its players cannot take, and the content list's
 * Details button fits its cell in Traditional Chinese.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const stamp = `${Date.now()}`.slice(-6);

/** Opening hours with no range on any day: the store is closed now, whenever the test runs. */
const CLOSED_ALL_WEEK: Hours = { week: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: [] })), exceptions: [] };

async function rightOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box.x + box.width;
}

/** Whether the page's table area scrolls sideways (its content wider than its box). */
const scrollsSideways = (page: Page) =>
  page
    .locator('.ant-table-content')
    .first()
    .evaluate((element) => element.scrollWidth > element.clientWidth);

test("the wizard's content step shows every column at 1440 px and marks what the players cannot take", async ({
  page,
}) => {
  const frit = await apiAs(USERS.DS_FRIT);
  const mk = await apiAs(USERS.DS_MK);
  const shop = `Wide ${stamp}`;
  await makePlayer(frit, { region: 'JP', shop_no: '0881', shop_name: shop, display_pattern: 'Multi,CW' });
  await makeImage(mk, { name: `Wide poster ${stamp}`, display_pattern: 'Multi,CW' });
  await makeImage(mk, { name: `Tall poster ${stamp}`, display_pattern: '1x1v' });

  await signIn(page, USERS.DS_MK);
  await page.goto('/schedule/selectdevice');
  await page.getByRole('button', { name: /^filter Filter/ }).click();
  await page.getByLabel('Store name').fill(shop);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('checkbox', { name: `Select ${shop} 0881` }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  const tall = page.getByRole('row').filter({ hasText: `Tall poster ${stamp}` });
  await expect(tall.getByText('Not for Multi,CW players')).toBeVisible();
  await expect(tall.getByRole('checkbox')).toBeDisabled();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `Wide poster ${stamp}` })
      .getByRole('checkbox'),
  ).toBeEnabled();
  expect(await scrollsSideways(page)).toBe(false);
  const table = page.locator('.ant-table-content').first();
  expect(await rightOf(page.getByRole('columnheader', { name: 'Date of update' }))).toBeLessThanOrEqual(
    await rightOf(table),
  );
  // 'Distribution country' on two lines at most, broken at its space: each word on one line.
  const header = page.getByRole('columnheader', { name: 'Distribution country' });
  const lines = await header.evaluate((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBeLessThanOrEqual(2);
  const words = await header.evaluate((cell) => (cell.textContent ?? '').trim().split(/\s+/));
  expect(words).toEqual(['Distribution', 'country']);
  for (const word of words) {
    const wordLines = await header.evaluate((cell, target) => {
      const text = [...Array.from(cell.querySelectorAll('*')), cell]
        .flatMap((node) => Array.from(node.childNodes))
        .find((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').includes(target));
      if (!text) return 0;
      const range = document.createRange();
      const start = (text.textContent ?? '').indexOf(target);
      range.setStart(text, start);
      range.setEnd(text, start + target.length);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    }, word);
    expect(wordLines, word).toBe(1);
  }
});

test("the content list's Details button fits its cell in Traditional Chinese at 1440 px", async ({ page }) => {
  const mk = await apiAs(USERS.DS_MK);
  const name = `Details ${stamp}`;
  await makeImage(mk, { name, display_pattern: 'Multi,CW' });
  await signIn(page, USERS.DS_MK);
  await page.evaluate(() => localStorage.setItem('language', 'tw'));
  await page.goto('/contents/list');
  const row = page.getByRole('row').filter({ hasText: name });
  const details = row.getByRole('button', { name: '詳細資料' });
  await expect(details).toBeVisible();
  const cell = row.getByRole('cell').last();
  expect(await rightOf(details)).toBeLessThanOrEqual(await rightOf(cell));
  expect(await scrollsSideways(page)).toBe(false);
});

for (const role of ['DS_KT', 'DS_ST'] as const) {
  test(`${role}'s player list fits 1440 px in every language: no sideways scroll, Details inside the table`, async ({
    page,
  }) => {
    const frit = await apiAs(USERS.DS_FRIT);
    const shop = `Fit ${role} ${stamp}`;
    // The shop user's own store (its view lists that store's players only), closed all week: its status line is
    // the longest a compact row draws ('Alive', 'Delivery not reported', closed), whose tag took CI's 73 px.
    const code = await makePlayer(frit, {
      region: 'JP',
      shop_no: '0012',
      shop_name: shop,
      display_pattern: 'Multi,CW',
    });
    await setHours(frit, code, CLOSED_ALL_WEEK);
    await signIn(page, USERS[role]);
    for (const language of ['en', 'ja', 'tw', 'ko']) {
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      await page.goto('/device/list');
      const row = page.getByRole('row').filter({ hasText: shop });
      const button = row.getByRole('button', { name: text(language, 'players.details'), exact: true });
      await expect(button, language).toBeVisible();
      await expect(row.getByTestId('closed-now'), language).toHaveAttribute(
        'title',
        text(language, 'players.closedNow'),
      );
      // The player table's scroll area (ui/DataTable.tsx): nothing of it lies beyond its right edge.
      const area = page.getByRole('region', { name: text(language, 'title.playerList') });
      expect(await rightOf(button), language).toBeLessThanOrEqual(await rightOf(area));
      expect(await area.evaluate((element) => element.scrollWidth - element.clientWidth), language).toBeLessThanOrEqual(
        0,
      );
    }
  });
}

test('the player list shows at least 15 players fully in view at 1440x900 in the compact density, without sideways scroll', async ({
  page,
}) => {
  const frit = await apiAs(USERS.DS_FRIT);
  const shop = `Rows ${stamp}`;
  // 18 players of one store name (more than fit, so the screen, not the fleet, sets how many are seen), their stores
  // closed all week, as every store is at night: the closed mark keeps each row to one line.
  for (let batch = 0; batch < 3; batch++) {
    await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const code = await makePlayer(frit, {
          region: 'JP',
          shop_no: String(900 + batch * 6 + i).padStart(4, '0'),
          shop_name: shop,
          display_pattern: 'Multi,CW',
        });
        await setHours(frit, code, CLOSED_ALL_WEEK);
      }),
    );
  }
  await frit.dispose();

  await signIn(page, USERS.DS_MK);
  await page.getByRole('button', { name: /^filter Filter/ }).click();
  await page.getByLabel('Store name').fill(shop);
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.locator('.lt-scroll tbody tr').filter({ hasText: shop });
  await expect(rows).toHaveCount(18);
  await expect(rows.getByTestId('closed-now')).toHaveCount(18);
  const scroller = page.locator('.lt-scroll').first();
  const inView = await scroller.evaluate((element, text) => {
    const frame = element.getBoundingClientRect();
    const head = element.querySelector('thead')?.getBoundingClientRect();
    const top = Math.max(0, frame.top, head?.bottom ?? 0);
    const bottom = Math.min(window.innerHeight, frame.bottom);
    return Array.from(element.querySelectorAll('tbody tr')).filter((row) => {
      const box = row.getBoundingClientRect();
      return (
        (row.textContent ?? '').includes(text) && box.height > 0 && box.top >= top - 0.5 && box.bottom <= bottom + 0.5
      );
    }).length;
  }, shop);
  expect(inView).toBeGreaterThanOrEqual(15);
  // The key columns fit: the table does not scroll sideways, nor does the page.
  expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await expect(page.getByRole('columnheader', { name: 'Status' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('columnheader', { name: 'Store name' })).toBeInViewport({ ratio: 1 });
});
