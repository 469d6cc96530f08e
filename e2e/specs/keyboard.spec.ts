import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page, request, test } from '@playwright/test';
import { E2E } from '../support/env';
import { apiAs, makeImage, makePlayer, makeTagPair, namesOf, PNG } from '../support/fleet';
import { expectFieldFocusRing, expectFocusVisible, signInByKeyboard, tabTo } from '../support/keyboard';
import { USERS } from '../support/users';

/**
 * Issue 31: every flow done with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, Escape; text typed
 * into the focused field), with the focus visible on the controls pressed. Data the flow starts from is made
 * through the API; what the flow makes is made with the keyboard.
 */

const stamp = `${Date.now().toString(36)}${process.pid}`.toUpperCase();

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/** Tabs to `target`, checks that it shows its focus, and presses `key` on it. */
async function press(page: Page, target: Locator, key = 'Enter', options: { back?: boolean } = {}) {
  await tabTo(page, target, options);
  await expectFocusVisible(page);
  await page.keyboard.press(key);
}

/** Tabs to a select, opens it with the arrow key and moves with it to `label`, then Enter. */
async function choose(page: Page, select: Locator, label: string) {
  await tabTo(page, select);
  await expectFocusVisible(page);
  await page.keyboard.press('ArrowDown');
  const active = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active');
  for (let moves = 0; moves < 30; moves++) {
    await expect(active).toHaveCount(1);
    if ((await active.textContent()) === label) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(active).toHaveText(label);
  await page.keyboard.press('Enter');
  await expect(select.locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText(label);
}

let dir = '';
let png = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'signage-e2e-keyboard-'));
  png = join(dir, `kb-poster-${stamp}.png`);
  writeFileSync(png, PNG);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('sign-in with the keyboard: ID, Tab, password, Tab to For Vendor, Enter', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('ID', { exact: true })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.type(USERS.DS_MK.id);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await expectFocusVisible(page);
  await page.keyboard.type(USERS.DS_MK.password);
  // Past the password's show/hide toggle, which shows its focus too.
  await tabTo(page, page.getByRole('button', { name: 'Show password' }));
  await expectFocusVisible(page);
  await press(page, page.getByRole('button', { name: 'For Vendor' }));
  await expect(page).toHaveURL(/\/device\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Player list' })).toBeVisible();
});

test('text fields, selects, date pickers and text areas show a 2 px focus ring at 3:1 or more (WCAG 2.4.7)', async ({
  page,
}) => {
  const frit = await apiAs(USERS.DS_FRIT);
  const player = await makePlayer(frit, {
    region: 'JP',
    shop_no: '0612',
    shop_name: `Ring ${stamp}`,
    display_pattern: 'Multi,CW',
  });
  await frit.dispose();

  // Before sign-in (the plain login page): the ID and password fields.
  await page.goto('/login');
  await expect(page.getByLabel('ID', { exact: true })).toBeFocused();
  await expectFieldFocusRing(page);
  await page.keyboard.type(USERS.DS_MK.id);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await expectFieldFocusRing(page);
  await page.keyboard.type(USERS.DS_MK.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login$/);

  // Ant Design's text field, select and date picker (content registration).
  await page.goto('/contents/register');
  await tabTo(page, page.getByLabel('Content name'));
  await expectFieldFocusRing(page);
  await tabTo(page, page.getByLabel('Display'));
  await expectFieldFocusRing(page);
  await tabTo(page, page.getByLabel('Start date'));
  await expectFieldFocusRing(page);

  // A text area (player detail's note, in edit mode).
  await page.goto(`/device/detail?device_code=${player}`);
  await press(page, page.getByRole('button', { name: /^(edit )?Edit$/ }));
  await tabTo(page, page.getByLabel('Note'));
  await expectFieldFocusRing(page);
});

test('DS_MK uploads an image with the keyboard: the upload area opens the file chooser on Enter', async ({ page }) => {
  await signInByKeyboard(page, USERS.DS_MK);
  await page.goto('/contents/register');
  page.once('filechooser', (chooser) => chooser.setFiles(png));
  await press(
    page,
    page.getByRole('group', { name: 'Upload area' }).getByRole('button', { name: /Click or drag a file/ }),
  );
  await expect(page.getByLabel('Content name')).toHaveValue(`kb-poster-${stamp}`);
  await choose(page, page.getByLabel('Display'), 'Multi,CW');
  await press(page, page.getByRole('button', { name: 'Register', exact: true }));
  await expect(page.getByText('File upload is complete')).toBeVisible();
  await expect(page.getByLabel('Content name')).toHaveValue('');
});

test('DS_KT registers a waiting player with the keyboard and sees it paired with the PIN', async ({ page }) => {
  const serial = `KB-${stamp}`;
  const agent = await request.newContext({ baseURL: E2E.baseURL });
  expect((await agent.post('/agent/v1/announce', { data: { serial } })).status()).toBe(200);

  await signInByKeyboard(page, USERS.DS_KT);
  await expect(page).toHaveURL(/\/newdevice\/list$/);
  await press(page, rowOf(page, serial).getByRole('button', { name: 'Register' }));
  await expect(page).toHaveURL(new RegExp(`/newdevice/register/${serial}$`));
  await press(page, page.getByRole('button', { name: /^Deployment country/ }));
  const picker = page.getByRole('dialog');
  await press(page, picker.getByRole('radio', { name: 'Japan' }), 'Space');
  await expect(picker.getByRole('radio', { name: 'Japan' })).toBeChecked();
  await press(page, picker.getByRole('button', { name: 'OK' }));
  await expect(picker).toHaveCount(0);
  await tabTo(page, page.getByLabel('Store code'));
  await expectFocusVisible(page);
  await page.keyboard.type('611');
  await tabTo(page, page.getByLabel('Store name'));
  await expect(page.getByLabel('Store code')).toHaveValue('0611');
  await page.keyboard.type(`Keys ${stamp}`);
  await choose(page, page.getByLabel('Display pattern'), '1x1v');
  await press(page, page.getByRole('button', { name: 'Register', exact: true }));
  await press(page, page.getByRole('button', { name: 'Issue PIN' }));
  const pin = page.getByTestId('issued-pin');
  await expect(pin).toHaveText(/^\d{6}$/);
  const paired = await agent.post('/agent/v1/pair', { data: { serial, pin: await pin.textContent() } });
  expect(paired.status(), await paired.text()).toBe(200);
  await expect(page.getByText(/^Paired — Player registration is complete/)).toBeVisible();
  await agent.dispose();
});

/**
 * The two flows whose dialogs move the focus, with and without motion: with prefers-reduced-motion a dialog opens
 * and closes within the keystroke, so a key can land on what the focus went back to (the Filter button that opened
 * the content search took its Enter and opened it again), and the focus must still go back to the trigger.
 */
for (const motion of ['no-preference', 'reduce'] as const) {
  test.describe(motion === 'reduce' ? 'with reduced motion' : 'with motion', () => {
    test.use({ reducedMotion: motion });
    const run = `${stamp}${motion === 'reduce' ? 'R' : 'M'}`;

    test('DS_MK goes through the schedule wizard with the keyboard to a schedule set on a player', async ({ page }) => {
      const frit = await apiAs(USERS.DS_FRIT);
      const store = `Keys ${run}`;
      const content = `kb-${run}`;
      const [player] = await Promise.all([
        makePlayer(frit, { region: 'JP', shop_no: '0611', shop_name: store, display_pattern: '1x1v' }),
        makeImage(frit, { name: content, display_pattern: '1x1v', region: 'JP' }),
      ]);
      await frit.dispose();
      const schedule = `Keyboard ${run}`;

      // Signed in through the API (the keyboard sign-in is the first test's): the wizard alone fills this test's 30 s.
      const login = await page.request.post(`/api/users/${USERS.DS_MK.id}/auth`, {
        data: { password: USERS.DS_MK.password },
      });
      expect(login.status()).toBe(200);
      await page.goto('/schedule/selectdevice');
      await press(page, page.getByRole('button', { name: /^filter Filter/ }));
      const drawer = page.getByRole('dialog');
      await tabTo(page, drawer.getByLabel('Store name'));
      await page.keyboard.type(run);
      await press(page, drawer.getByRole('button', { name: 'Search' }));
      await expect(drawer).toHaveCount(0);
      await press(page, page.getByRole('checkbox', { name: `Select ${store} 0611` }), 'Space');
      await expect(page.getByRole('region', { name: 'Players' }).getByText(store)).toBeVisible();
      await press(page, page.getByRole('button', { name: 'Next' }));
      await expect(page).toHaveURL(/\/schedule\/selectcontent$/);

      await press(page, page.getByRole('button', { name: /^filter Filter/ }));
      await tabTo(page, page.getByRole('dialog').getByLabel('Content name'));
      await page.keyboard.type(content);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await press(page, page.getByRole('checkbox', { name: `Select ${content}` }), 'Space');
      await expect(page.getByRole('region', { name: 'Contents' }).getByText(content)).toBeVisible();
      await press(page, page.getByRole('button', { name: 'Next' }));
      await expect(page).toHaveURL(/\/schedule\/schedulesetting$/);

      await tabTo(page, page.getByLabel('Schedule name'));
      await expectFocusVisible(page);
      await page.keyboard.type(schedule);
      await press(page, page.getByRole('button', { name: 'Set', exact: true }));
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(schedule)).toBeVisible();
      await press(page, dialog.getByRole('button', { name: 'OK' }));
      await expect(page).toHaveURL(/\/device\/list$/);
      await expect(page.getByText('The schedule has been set')).toBeVisible();
      const mk = await apiAs(USERS.DS_MK);
      const list = await mk.get(`/api/schedules?device_code=${player}`);
      const names = ((await list.json()).data.schedules as { schedule_name: string }[]).map((s) => s.schedule_name);
      expect(names).toContain(schedule);
      await mk.dispose();
    });

    test("DS_FRIT edits a player's tags with the keyboard: the tag dialog takes the focus and gives it back", async ({
      page,
    }) => {
      const frit = await apiAs(USERS.DS_FRIT);
      const category = `kbcat${run}`.toLowerCase();
      const tagName = `Key tag ${run}`;
      await makeTagPair(
        frit,
        { value: category, ...namesOf(`Key group ${run}`) },
        { value: 'kb', ...namesOf(tagName) },
      );
      const store = `Tag keys ${run}`;
      const player = await makePlayer(frit, {
        region: 'JP',
        shop_no: '0612',
        shop_name: store,
        display_pattern: '1x1v',
      });
      await frit.dispose();

      await signInByKeyboard(page, USERS.DS_FRIT);
      await page.goto(`/device/detail?device_code=${player}`);
      await press(page, page.getByRole('button', { name: /Edit$/ }));
      const choose = page.getByRole('button', { name: 'Choose tags' });
      await press(page, choose);
      const dialog = page.getByRole('dialog', { name: 'Choose tags' });
      await expect(dialog).toBeVisible();
      // The focus is in the dialog (on its OK): Shift+Tab reaches the tag without leaving it.
      await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
      await press(page, dialog.getByRole('checkbox', { name: tagName }), 'Space', { back: true });
      await expect(dialog.getByRole('checkbox', { name: tagName })).toBeChecked();
      await press(page, dialog.getByRole('button', { name: 'OK' }));
      await expect(dialog).toHaveCount(0);
      await expect(choose).toBeFocused();
      await expect(page.getByText(tagName)).toBeVisible();
      await press(page, page.getByRole('button', { name: 'Register', exact: true }));
      await expect(page.getByRole('alert').filter({ hasText: 'The player has been saved' })).toBeVisible();
      await expect(page.getByText(tagName)).toBeVisible();
    });
  });
}
