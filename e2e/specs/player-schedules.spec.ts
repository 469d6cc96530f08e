import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addDays, type LocalDate, type TimeZone, todayIn } from '@signage/domain';
import { signIn } from '../support/auth';
import { apiAs, makeImage, makePlayer } from '../support/fleet';
import { USERS } from '../support/users';

const stamp = Date.now();
const SCHEDULE = `Autumn E2E ${stamp}`;
const SHOP = 'Schedules E2E Store';
const ZONE = 'Asia/Tokyo' as TimeZone;

async function apiSignIn(page: Page, user: { id: string; password: string }) {
  await page.context().clearCookies();
  const login = await page.request.post(`/api/users/${user.id}/auth`, { data: { password: user.password } });
  expect(login.status()).toBe(200);
}

/** A paired JP player of the test store (announced, registered by DS_FRIT and paired through the agent protocol). */
const pairedPlayer = (frit: APIRequestContext) =>
  makePlayer(frit, { region: 'JP', shop_no: '0077', shop_name: SHOP, display_pattern: 'Multi,CW' });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a schedule on two players: seen on the timeline and in the content list, updated, deleted', async ({
  browser,
}) => {
  // Three roles through five screens: 14 s on a quiet machine (35 s with four simulator processes before).
  test.setTimeout(60_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const codes: string[] = [];
  const contents: string[] = [];

  await test.step('DS_FRIT pairs two players and registers three images through the API', async () => {
    const frit = await apiAs(USERS.DS_FRIT);
    codes.push(await pairedPlayer(frit), await pairedPlayer(frit));
    for (const name of ['Poster one', 'Poster two', 'Poster three'])
      contents.push(await makeImage(frit, { name, region: 'JP', display_pattern: 'Multi,CW' }));
    await frit.dispose();
  });

  await test.step('DS_MK sets the schedule (Immediate, all day, today for five days) through the API', async () => {
    await apiSignIn(page, USERS.DS_MK);
    const today = todayIn(ZONE);
    const created = await page.request.post('/api/schedules', {
      data: {
        playlist_name: 'Default playlist',
        schedule_name: SCHEDULE,
        available_date_from: today,
        available_date_to: addDays(today as LocalDate, 5),
        available_time_from: '',
        available_time_to: '',
        download_allow_hour: '',
        contents,
        dest: codes,
        zone_code: ZONE,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    await page.context().clearCookies();
  });

  const detail = `/device/detail?device_code=${codes[0]}`;
  await test.step('DS_MK sees it on the timeline of player detail, current, and opens its content list', async () => {
    await signIn(page, USERS.DS_MK);
    await page.goto(detail);
    const row = page.getByTestId('timeline-row').filter({ hasText: SCHEDULE });
    await expect(row).toBeVisible();
    await expect(row.getByText('Current', { exact: true })).toBeVisible();
    await expect(row.getByTestId('timeline-bar')).toHaveCount(1);
    await expect(page.getByTestId('effective-answer').getByRole('button', { name: SCHEDULE })).toBeVisible();
    await shot(page, 'player-detail-timeline-1440');
    // A month-long span offers zoom to 10 days (SPEC.md section 2, Player detail).
    await page.getByText('1 month', { exact: true }).click();
    const zoom = page.getByRole('button', { name: 'Zoom to 10 days' });
    await expect(zoom).toBeVisible();
    await shot(page, 'player-detail-month-1440');
    await zoom.click();
    await expect(zoom).toHaveCount(0);
    await row.getByRole('button', { name: `Open the contents of ${SCHEDULE}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(SCHEDULE)).toBeVisible();
    for (const name of ['Poster one', 'Poster two', 'Poster three']) await expect(dialog.getByText(name)).toBeVisible();
    await expect(dialog.getByText("All day (player's local time: Tokyo (UTC+09:00))")).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Duplicate schedule' })).toBeVisible();
    await shot(page, 'device-content-list-1440');
  });

  await test.step('DS_MK changes the times; the content list shows them', async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'Change schedule' }).click();
    await expect(page).toHaveURL(/\/device\/scheduleupdate\?schedule_id=.+&device_code=.+&from=detail$/);
    await page.getByRole('checkbox', { name: 'All day' }).uncheck();
    const endTime = page.getByLabel('End time');
    await endTime.click();
    await endTime.fill('20:00');
    await endTime.press('Enter');
    await shot(page, 'schedule-update-1440');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(new RegExp(`/device/detail\\?device_code=${codes[0]}$`));
    await expect(page.getByText('The schedule has been updated')).toBeVisible();
    await page.getByRole('button', { name: `Open the contents of ${SCHEDULE}` }).click();
    await expect(page.getByRole('dialog').getByText(/^10:00 – 20:00 \(player's local time/)).toBeVisible();
  });

  await test.step('DS_MK opens Edit contents from the list and sees the three contents in order', async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'Change content' }).click();
    await expect(page).toHaveURL(/\/device\/contentedit\?/);
    await expect(page.getByTestId('playlist-row')).toHaveCount(3);
    await expect(page.getByTestId('playlist-row').first()).toContainText('Poster one');
    await shot(page, 'edit-contents-1440');
  });

  await test.step('DS_LHQBIZ sees the schedule in the player list but no Duplicate', async () => {
    await context.clearCookies();
    await signIn(page, USERS.DS_LHQBIZ);
    await page.goto('/device/list');
    const row = page.getByRole('row').filter({ hasText: SHOP }).first();
    await expect(row.getByText(SCHEDULE)).toBeVisible();
    await shot(page, 'player-list-1440');
    await row.getByRole('button', { name: `Contents of ${SHOP}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Poster two')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Change schedule' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Duplicate schedule' })).toHaveCount(0);
  });

  await test.step('DS_MK deletes it; the timeline is empty', async () => {
    await context.clearCookies();
    await signIn(page, USERS.DS_MK);
    await page.goto(detail);
    await page.getByRole('button', { name: `Open the contents of ${SCHEDULE}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Change schedule' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(new RegExp(`/device/detail\\?device_code=${codes[0]}$`));
    await expect(page.getByText('The schedule has been deleted')).toBeVisible();
    await expect(page.getByText('No schedule plays in this period')).toBeVisible();
    await expect(page.getByTestId('timeline-row')).toHaveCount(0);
  });
  await context.close();
});
