import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { apiAs, makeImage, makePlayer, nightWeek } from '../support/fleet';
import { USERS } from '../support/users';

const stamp = Date.now().toString(36).toUpperCase();

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

test('DS_MK builds a schedule for two players with three contents and lands on the player list, search cleared', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const frit = await apiAs(USERS.DS_FRIT);
  const storeA = `Wizard A ${stamp}`;
  const storeB = `Wizard B ${stamp}`;
  const playerA = await makePlayer(frit, {
    region: 'JP',
    shop_no: '0501',
    shop_name: storeA,
    display_pattern: 'Multi,CW',
  });
  const playerB = await makePlayer(frit, {
    region: 'JP',
    shop_no: '0502',
    shop_name: storeB,
    display_pattern: 'Multi,CW',
  });
  const names = ['first', 'second', 'third'].map((n) => `wz-${stamp}-${n}`);
  const ids: string[] = [];
  for (const name of names) ids.push(await makeImage(frit, { name, display_pattern: 'Multi,CW', region: 'JP' }));
  const scheduleName = `Spring ${stamp}`;

  await signIn(page, USERS.DS_MK);
  await page.setViewportSize({ width: 1440, height: 900 });

  await test.step('a search on the player list, to be cleared after the schedule is set', async () => {
    await page.getByRole('button', { name: /^filter Filter/ }).click();
    await page.getByLabel('Store name').fill('nothing like this');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('active-filters')).toBeVisible();
  });

  await test.step('Playlist > New registration opens the player step', async () => {
    await page
      .locator('.ant-menu-item-group')
      .filter({ hasText: 'Playlist' })
      .getByRole('menuitem', { name: 'New registration' })
      .click();
    await expect(page).toHaveURL(/\/schedule\/selectdevice$/);
    await expect(page.getByText('Select and add').first()).toBeVisible();
  });

  await test.step('step 1: filter to the two stores and pick both', async () => {
    await page.getByRole('button', { name: /^filter Filter/ }).click();
    await page.getByLabel('Store name').fill(stamp);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(rowOf(page, storeA)).toBeVisible();
    await expect(rowOf(page, storeB)).toBeVisible();
    await page.getByRole('checkbox', { name: `Select ${storeA} 0501` }).check();
    await page.getByRole('checkbox', { name: `Select ${storeB} 0502` }).check();
    const panel = page.getByRole('region', { name: 'Players' });
    await expect(panel.getByText(storeA)).toBeVisible();
    await expect(panel.getByText(storeB)).toBeVisible();
    await page.screenshot({ path: 'test-results/wizard-1-players.png', fullPage: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/schedule\/selectcontent$/);
  });

  await test.step('step 2: pick three images in order; the list keeps images and movies only', async () => {
    await expect(page.getByRole('columnheader', { name: 'Content name' })).toBeVisible();
    await page.getByRole('button', { name: /^filter Filter/ }).click();
    await page.getByLabel('Content name').fill(`wz-${stamp}`);
    await page.getByRole('button', { name: 'Search' }).click();
    for (const name of names) {
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    }
    await expect(page.getByText('Images and movies only', { exact: false })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Contents' });
    await expect(panel.getByRole('listitem')).toHaveText(names.map((name) => new RegExp(name)));
    await page.screenshot({ path: 'test-results/wizard-2-contents.png', fullPage: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/schedule\/schedulesetting$/);
  });

  await test.step('step 3: defaults, a field message, then Set and OK', async () => {
    await expect(page.getByLabel('Playlist name')).toHaveValue('Default playlist');
    await expect(page.getByRole('radio', { name: 'Night delivery' })).toBeChecked();
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await expect(page.getByText('Please enter the schedule name')).toBeVisible();
    await page.getByLabel('Schedule name').fill(scheduleName);
    await expect(page.getByText('Please enter the schedule name')).toHaveCount(0);
    await expect(page.getByText('Asia/Tokyo (UTC+09:00) — players: 2')).toBeVisible();
    await page.screenshot({ path: 'test-results/wizard-3-setting.png', fullPage: true });
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(scheduleName)).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
  });

  await test.step('the player list, its search cleared, and the schedule on both players', async () => {
    await expect(page).toHaveURL(/\/device\/list$/);
    await expect(page.getByText('The schedule has been set')).toBeVisible();
    await expect(page.getByTestId('active-filters')).toHaveCount(0);
    const mk = await apiAs(USERS.DS_MK);
    for (const code of [playerA, playerB]) {
      const list = await mk.get(`/api/schedules?device_code=${code}`);
      expect(list.status()).toBe(200);
      const schedules = (await list.json()).data.schedules as {
        schedule_name: string;
        contents: { content_id: string }[];
      }[];
      const mine = schedules.find((s) => s.schedule_name === scheduleName);
      expect(mine, `schedule on ${code}`).toBeDefined();
      expect(mine?.contents.map((c) => c.content_id)).toEqual(ids);
    }
    await mk.dispose();
  });

  await test.step('player detail shows it on the timeline and in the device content list', async () => {
    await page.goto(`/device/detail?device_code=${playerA}`);
    const row = page.getByTestId('timeline-row').filter({ hasText: scheduleName });
    await expect(row).toBeVisible();
    // It starts tomorrow in the user's zone (UTC here), which is already today in Tokyo after 15:00 UTC.
    await expect(row.getByText(/^(Current|Next)$/)).toBeVisible();
    await page.getByRole('button', { name: `Open the contents of ${scheduleName}` }).click();
    const dialog = page.getByRole('dialog');
    for (const name of names) await expect(dialog.getByText(name)).toBeVisible();
  });
  await frit.dispose();
});

test('DS_ST duplicates a schedule to its own shop player, sees no other shop, and the API refuses another shop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const frit = await apiAs(USERS.DS_FRIT);
  const own = `Ginza own ${stamp}`;
  const other = `Shibuya other ${stamp}`;
  const ownSource = await makePlayer(frit, { region: 'JP', shop_no: '0012', shop_name: own, display_pattern: '1x1v' });
  const ownTarget = await makePlayer(frit, {
    region: 'JP',
    shop_no: '0012',
    shop_name: `${own} B`,
    display_pattern: '1x1v',
  });
  const otherShop = await makePlayer(frit, {
    region: 'JP',
    shop_no: '0099',
    shop_name: other,
    display_pattern: '1x1v',
  });
  const content = await makeImage(frit, { name: `st-${stamp}`, display_pattern: '1x1v', region: 'JP' });
  const week = nightWeek();
  const created = await frit.post('/api/schedules', {
    data: {
      playlist_name: 'Shop playlist',
      schedule_name: `Source ${stamp}`,
      available_date_from: week.from,
      available_date_to: week.to,
      available_time_from: '',
      available_time_to: '',
      contents: [content],
      dest: [ownSource],
      download_allow_hour: '23',
      zone_code: 'Asia/Tokyo',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const sourceId = (await created.json()).data.schedule_id as string;

  await signIn(page, USERS.DS_ST);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/duplicateschedule/selectdevice?schedule_id=${sourceId}`);

  await test.step('step 1: the shop table, own shop only, contents prefilled', async () => {
    await expect(page.getByText(`Copy of the schedule: Source ${stamp}`)).toBeVisible();
    await expect(rowOf(page, `${own} B`)).toBeVisible();
    await expect(page.getByText(other)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^filter Filter/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Contents' }).getByText(`st-${stamp}`)).toBeVisible();
    await page.getByRole('checkbox', { name: `Select ${own} B 0012` }).check();
    await page.screenshot({ path: 'test-results/duplicate-1-players.png', fullPage: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`/duplicateschedule/selectcontent\\?schedule_id=${sourceId}$`));
    // The content step has rendered (its list and the prefilled pick) before its Next is pressed.
    await expect(page.getByRole('columnheader', { name: 'Content name' })).toBeVisible();
    await expect(page.getByText('Images and movies only', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
  });

  await test.step('step 3: the setting prefilled from the source; Set and OK', async () => {
    await expect(page).toHaveURL(/\/duplicateschedule\/schedulesetting/);
    await expect(page.getByLabel('Playlist name')).toHaveValue('Shop playlist');
    await expect(page.getByLabel('Schedule name')).toHaveValue(`Source ${stamp}`);
    await page.getByLabel('Schedule name').fill(`Copy ${stamp}`);
    await page.screenshot({ path: 'test-results/duplicate-3-setting.png', fullPage: true });
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/device\/list$/);
    await expect(page.getByText('The schedule has been set')).toBeVisible();
  });

  await test.step('the copy plays on the chosen player; the API answers DS_ST another shop as missing (404)', async () => {
    const st = await apiAs(USERS.DS_ST);
    const list = await st.get(`/api/schedules?device_code=${ownTarget}`);
    const names = ((await list.json()).data.schedules as { schedule_name: string }[]).map((s) => s.schedule_name);
    expect(names).toContain(`Copy ${stamp}`);
    const refused = await st.post(`/api/schedules/${sourceId}/duplicate`, {
      data: {
        playlist_name: 'Shop playlist',
        schedule_name: `Elsewhere ${stamp}`,
        available_date_from: week.from,
        available_date_to: week.to,
        contents: [content],
        dest: [otherShop],
        download_allow_hour: '23',
        zone_code: 'Asia/Tokyo',
      },
    });
    expect(refused.status()).toBe(404);
    await st.dispose();
  });
  await frit.dispose();
});
