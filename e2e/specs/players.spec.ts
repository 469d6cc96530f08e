import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { makeTagPair, namesOf } from '../support/fleet';
import { simulate } from '../support/simulator';
import { USERS } from '../support/users';

const serial = `E2E-${Date.now()}`;
const otherSerial = `${serial}-B`;

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the cell is not laid out');
  return box;
}

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/**
 * Searches the player list by store name (its search drawer), so that this spec's players are listed however many
 * players other specs have made since (the list shows the newest first: 20 of them would push these off screen).
 */
async function searchStores(page: Page, name: string) {
  await page.getByRole('button', { name: /^filter Filter/ }).click();
  await page.getByLabel('Store name').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Registers a waiting player to a store through the API as DS_FRIT and returns its PIN. */
async function registerByApi(page: Page, body: Record<string, string>) {
  const login = await page.request.post(`/api/users/${USERS.DS_FRIT.id}/auth`, {
    data: { password: USERS.DS_FRIT.password },
  });
  expect(login.status()).toBe(200);
  const response = await page.request.post('/api/registrations', { data: body });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data.pin as string;
}

test('a player announces, is registered with a PIN, pairs, is seen by role, edited, its logs read, and deleted', async ({
  page,
  browser,
}) => {
  // One journey across four roles with eight simulator runs (each starts the CLI): longer than the default.
  test.setTimeout(240_000);
  await test.step('the simulator announces the player', () => {
    const run = simulate('announce', ['--serial', serial]);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('announced (waiting)');
  });

  let pin = '';
  await test.step('DS_KT registers it to store 12 (0012) and gets a PIN', async () => {
    await signIn(page, USERS.DS_KT);
    await expect(page).toHaveURL(/\/newdevice\/list$/);
    await rowOf(page, serial).getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(new RegExp(`/newdevice/register/${serial}$`));
    // The address changes before the page's lazy chunk replaces the waiting list, whose rows (other specs'
    // players too) have Register buttons of their own: wait for the form first.
    await expect(page.getByLabel('Store code')).toBeVisible();
    const register = page.getByRole('button', { name: 'Register', exact: true });
    await expect(register).toBeDisabled();
    await page.getByRole('button', { name: 'Deployment country' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('radio', { name: 'Japan' }).check();
    await picker.getByRole('button', { name: 'OK' }).click();
    // The closing dialog keeps focus until it is gone: typing before that would not reach the form.
    await expect(picker).toHaveCount(0);
    const code = page.getByLabel('Store code');
    await code.fill('12');
    await code.blur();
    await expect(code).toHaveValue('0012');
    await page.getByLabel('Store name').fill('Ginza E2E');
    await page.getByLabel('Display pattern').click();
    await page.getByTitle('1x1v', { exact: true }).click();
    await expect(register).toBeEnabled();
    await register.click();
    await page.getByRole('button', { name: 'Issue PIN' }).click();
    const pinOutput = page.getByTestId('issued-pin');
    await expect(pinOutput).toHaveText(/^\d{6}$/);
    pin = (await pinOutput.textContent()) ?? '';
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(pinOutput).toHaveCount(0);
    // Not complete before the player has taken the PIN: the step waits for it, with no countdown yet.
    await expect(page.getByText('Waiting for the player…')).toBeVisible();
    await expect(page.getByText('Player registration is complete')).toHaveCount(0);
    await expect(page.getByText(/Going to the player list in/)).toHaveCount(0);
  });

  await test.step('the simulator pairs with that PIN; the PIN step says Paired and starts the countdown', async () => {
    const run = simulate('pair', ['--serial', serial, '--pin', pin]);
    expect(run.status, run.output).toBe(0);
    await expect(page.getByText(/^Paired — Player registration is complete/)).toBeVisible();
    await expect(page.getByText(/Going to the player list in \d+ s/)).toBeVisible();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page.getByText(/Going to the player list in/)).toHaveCount(0);
  });

  await test.step('the simulator sends a heartbeat and uploads logs', () => {
    for (const [action, args] of [
      ['heartbeat', ['--serial', serial]],
      ['logs', ['--serial', serial, '--level', 'WARNING', '--lines', '5']],
      ['logs', ['--serial', serial, '--level', 'ERROR', '--lines', '3']],
    ] as const) {
      const run = simulate(action, [...args]);
      expect(run.status, run.output).toBe(0);
    }
  });

  await test.step('a second player in shop 0034 is registered and paired', async () => {
    expect(simulate('announce', ['--serial', otherSerial]).status).toBe(0);
    const otherPin = await registerByApi(page, {
      region: 'JP',
      shop_no: '0034',
      shop_name: 'Shibuya E2E',
      display_pattern: 'LED',
      device_name: otherSerial,
    });
    expect(simulate('pair', ['--serial', otherSerial, '--pin', otherPin]).status).toBe(0);
  });

  await test.step('DS_MK sees the player alive in the marketing table', async () => {
    const context = await browser.newContext();
    const mk = await context.newPage();
    await signIn(mk, USERS.DS_MK);
    await searchStores(mk, 'E2E');
    const row = rowOf(mk, 'Ginza E2E');
    await expect(row).toContainText('Alive');
    await expect(row).toContainText('0012');
    // Country is one of the columns chosen in the column chooser (issue 31: the key columns fit 1440 px).
    await mk.getByRole('button', { name: 'Columns' }).click();
    await mk.getByRole('checkbox', { name: 'Deployment country' }).check();
    await mk.keyboard.press('Escape');
    await expect(row).toContainText('Japan');
    await expect(rowOf(mk, 'Shibuya E2E')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Logs' })).toHaveCount(0);
    await context.close();
  });

  await test.step('DS_ST of shop 0012 sees only its own players, and no floor map link while there is no map', async () => {
    const context = await browser.newContext();
    const st = await context.newPage();
    await signIn(st, USERS.DS_ST);
    await expect(rowOf(st, 'Ginza E2E')).toContainText('Alive');
    await expect(rowOf(st, 'Ginza E2E')).toContainText('No floor map');
    await expect(rowOf(st, 'Ginza E2E').getByRole('link', { name: /Floor map/ })).toHaveCount(0);
    await expect(st.getByText('Shibuya E2E')).toHaveCount(0);
    await expect(st.getByRole('button', { name: 'Filter' })).toHaveCount(0);
    await context.close();
  });

  await test.step('DS_FRIT edits the player (note, store type, installation site, tags)', async () => {
    const context = await browser.newContext();
    const frit = await context.newPage();
    await signIn(frit, USERS.DS_FRIT);
    const category = `players-e2e-${Date.now()}`;
    await makeTagPair(
      frit.request,
      { value: category, ...namesOf('Campaign') },
      { value: 'summer', ...namesOf('Summer sale') },
    );
    await searchStores(frit, 'Ginza E2E');
    await rowOf(frit, 'Ginza E2E').getByRole('button', { name: 'Details' }).click();
    await expect(frit).toHaveURL(/\/device\/detail\?device_code=DV/);
    await frit.getByRole('button', { name: /Edit$/ }).click();
    await frit.getByLabel('Note').fill('Next to the entrance');
    await frit.getByLabel('Store type').click();
    await frit.getByTitle('Flagship', { exact: true }).click();
    await frit.getByLabel('Installation site').click();
    await frit.getByTitle('Entrance', { exact: true }).click();
    await frit.getByRole('button', { name: 'Choose tags' }).click();
    const tagDialog = frit.getByRole('dialog', { name: 'Choose tags' });
    await expect(tagDialog.getByRole('group', { name: 'Campaign' })).toBeVisible();
    await tagDialog.getByRole('checkbox', { name: 'Summer sale' }).check();
    await tagDialog.getByRole('button', { name: 'OK' }).click();
    await expect(tagDialog).toHaveCount(0);
    await frit.getByLabel('Display pattern').click();
    await frit.getByTitle('LED', { exact: true }).click();
    await frit.getByRole('button', { name: 'Register' }).click();
    await expect(frit.getByRole('alert').filter({ hasText: 'The player has been saved' })).toBeVisible();
    await expect(frit.getByText('Next to the entrance')).toBeVisible();
    await expect(frit.getByText('Summer sale')).toBeVisible();
    await expect(frit.getByRole('row').filter({ hasText: 'Display pattern' })).toContainText('LED');
    await expect(frit.getByRole('button', { name: /Edit$/ })).toBeVisible();

    await test.step('uploads the shop floor map, which DS_ST then finds linked in its list', async () => {
      await frit.getByLabel('Upload floor map (PDF)').setInputFiles({
        name: 'floormap.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
      await expect(frit.getByRole('alert').filter({ hasText: 'The floor map has been uploaded' })).toBeVisible();
      await expect(frit.getByRole('link', { name: /Floor map/ })).toHaveAttribute(
        'href',
        '/api/floormap/JP/0012/floormap.pdf',
      );
      const stContext = await browser.newContext();
      const st = await stContext.newPage();
      await signIn(st, USERS.DS_ST);
      await expect(rowOf(st, 'Ginza E2E').getByRole('link', { name: /Floor map/ })).toHaveAttribute(
        'href',
        '/api/floormap/JP/0012/floormap.pdf',
      );
      await stContext.close();
    });

    await test.step('reads and downloads the logs', async () => {
      await frit.goto('/device/list');
      await searchStores(frit, 'Ginza E2E');
      await rowOf(frit, 'Ginza E2E').getByRole('button', { name: 'Logs' }).click();
      await expect(frit).toHaveURL(/\/device\/logs\?device_code=DV/);
      await expect(rowOf(frit, 'warning.log')).toBeVisible();
      await expect(rowOf(frit, 'error.log')).toBeVisible();
      const single = frit.waitForEvent('download');
      await rowOf(frit, 'warning.log').getByRole('button', { name: 'Download' }).click();
      expect((await single).suggestedFilename()).toMatch(/^JP_0012_DV[A-Z0-9]+_\d{12}\.log$/);
      const all = frit.waitForEvent('download');
      await frit.getByRole('button', { name: 'Download All' }).click();
      const file = await all;
      expect(file.suggestedFilename()).toMatch(/^JP_0012_DV[A-Z0-9]+_\d{12}\.log$/);
      const text = await (await file.createReadStream()).toArray();
      expect(Buffer.concat(text).toString('utf8')).toContain(`player ${serial} event 1`);
      await frit.getByRole('button', { name: 'Filter' }).click();
      await frit.getByRole('radio', { name: 'Error' }).check();
      await frit.getByRole('button', { name: 'Search' }).click();
      await expect(rowOf(frit, 'error.log')).toBeVisible();
      await expect(rowOf(frit, 'warning.log')).toHaveCount(0);
    });

    await test.step('deletes the player', async () => {
      await frit.goBack();
      await frit.goto('/device/list');
      await searchStores(frit, 'Ginza E2E');
      await rowOf(frit, 'Ginza E2E').getByRole('button', { name: 'Details' }).click();
      await frit.getByRole('button', { name: 'Delete' }).click();
      const dialog = frit.getByRole('dialog');
      await expect(dialog).toContainText('Delete this player?');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(frit).toHaveURL(/\/device\/list$/);
      await expect(frit.getByRole('alert').filter({ hasText: 'Player has been deleted' })).toBeVisible();
      await expect(frit.getByText('Ginza E2E')).toHaveCount(0);
    });
    await context.close();
  });

  await test.step("the simulator's next call is refused with 401", () => {
    const run = simulate('heartbeat', ['--serial', serial]);
    expect(run.status).toBe(1);
    expect(run.output).toContain('401 A valid device token is required');
  });
});

test('at 1440 px the marketing table shows Status and Tags clear of the fixed action column', async ({ browser }) => {
  test.setTimeout(120_000);
  const wideSerial = `${serial}-W`;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  expect(simulate('announce', ['--serial', wideSerial]).status).toBe(0);
  const wideTag = `width-e2e-${Date.now()}`;
  const login = await page.request.post(`/api/users/${USERS.DS_FRIT.id}/auth`, {
    data: { password: USERS.DS_FRIT.password },
  });
  expect(login.status()).toBe(200);
  const tagId = await makeTagPair(
    page.request,
    { value: wideTag, ...namesOf('Area') },
    { value: 'front', ...namesOf('Front window display') },
  );
  const issued = await page.request.post('/api/registrations', {
    data: {
      region: 'JP',
      shop_no: '0056',
      shop_name: 'Wide Table E2E Store With A Long Name',
      display_pattern: 'Multi,CW',
      memo: 'A note long enough to need more room than its column gives it',
      store_type: '3Flagship',
      device_type: '5Entrance',
      device_name: wideSerial,
      tags: [tagId],
    },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  expect(simulate('pair', ['--serial', wideSerial, '--pin', (await issued.json()).data.pin]).status).toBe(0);
  await page.context().clearCookies();

  await signIn(page, USERS.DS_MK);
  const row = rowOf(page, 'Wide Table E2E Store');
  await expect(row).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('player-list-1440.png'), fullPage: true });
  const cell = row.getByRole('cell');
  const actions = await boxOf(cell.filter({ has: page.getByRole('button', { name: 'Details' }) }));
  const status = await boxOf(cell.filter({ hasText: /^(Alive|Issue)/ }));
  const tags = await boxOf(cell.filter({ hasText: 'Front window display' }));
  // Fully left of the fixed column, which is inside the viewport: nothing of them is covered or scrolled away.
  expect(status.x + status.width).toBeLessThanOrEqual(actions.x);
  expect(tags.x + tags.width).toBeLessThanOrEqual(actions.x);
  expect(actions.x + actions.width).toBeLessThanOrEqual(1440);
  // No column covers the next (the check boxes, number and store name are kept at the left: the store code,
  // after them, was covered by 16 px): each header ends where the next begins.
  const heads = await page
    .locator('thead th')
    .evaluateAll((cells) => cells.map((th) => [th.getBoundingClientRect().left, th.getBoundingClientRect().right]));
  for (let i = 1; i < heads.length; i++) expect(heads[i]?.[0]).toBeGreaterThanOrEqual((heads[i - 1]?.[1] ?? 0) - 0.5);
  await expect(row.getByRole('cell', { name: '0056', exact: true })).toBeVisible();
  // The serial number is a column to choose (issue 31), remembered for this user.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Serial number' }).check();
  await page.keyboard.press('Escape');
  await expect(row).toContainText(wideSerial);
  await page.reload();
  await expect(row).toContainText(wideSerial);
  await context.close();
});
