import { expect, test } from '@playwright/test';
import { createAgentClient } from '@signage/agent-client';
import type { TPlay } from '@signage/domain';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';
import { apiAs, makeImage, registerSerial } from '../support/fleet';
import { USERS } from '../support/users';

const DAY_MS = 86_400_000;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** A paired player of the agent protocol (announce, registered by staff, PIN typed), ready to send plays. */
async function pairedPlayer(stamp: number, label: string, shopNo: string) {
  const frit = await apiAs(USERS.DS_FRIT);
  const agent = createAgentClient({ baseUrl: E2E.baseURL });
  const serial = `HIS-${label}-${stamp}`;
  await agent.announce(serial);
  const shop = `History ${label} ${stamp}`;
  const { pin } = await registerSerial(frit, serial, {
    region: 'JP',
    shop_no: shopNo,
    shop_name: shop,
    display_pattern: 'Multi,CW',
  });
  await agent.pair(serial, pin);
  await frit.dispose();
  return { agent, shop };
}

/**
 * Proof of play as head office reads it: plays two players sent (through the agent protocol, as the web player
 * and the simulator send them) show in the history list, the summary chart's bars have the right heights, the
 * detail's timeline lists both players, and 'Return to today' brings the week back after moving it.
 */
test('plays of two players show in the history list, the summary chart and the detail timeline', async ({ page }) => {
  const stamp = Date.now();
  const mk = await apiAs(USERS.DS_MK);
  const name = `History E2E ${stamp}`;
  const contentId = await makeImage(mk, { name, display_pattern: 'Multi,CW', region: 'JP' });
  const a = await pairedPlayer(stamp, 'A', '0771');
  const b = await pairedPlayer(stamp, 'B', '0772');

  // Days counted back from today (UTC), at noon so that no play sits near a day's edge.
  const today = utcDay(Date.now());
  const noon = (daysBack: number) => `${addDays(today, -daysBack)}T12:00:00.000Z`;
  const plays = (days: number[]): TPlay[] =>
    days.map((daysBack, i) => ({
      sequence: i + 1,
      content_id: contentId,
      schedule_id: null,
      started_at: noon(daysBack),
      utc_offset_minutes: 540,
      duration_ms: 10_000,
    }));
  // A: three days back, two days back, yesterday. B: yesterday twice.
  await a.agent.plays(plays([3, 2, 1]));
  await b.agent.plays(plays([1, 1]));
  const expected = new Map([
    [addDays(today, -3), 1],
    [addDays(today, -2), 1],
    [addDays(today, -1), 2],
  ]);

  await signIn(page, USERS.DS_MK);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/contents/history');
  await page.getByRole('button', { name: 'Filter' }).click();
  const filter = page.getByRole('dialog', { name: 'Content search' });
  await filter.getByLabel('Content name').fill(name);
  await filter.getByLabel('Content name').press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  // The window the server used ends today (its clock): yesterday is the day before it.
  const windowText = await page.getByTestId('history-window').textContent();
  const end = /to (\d{4}-\d{2}-\d{2})/.exec(windowText ?? '')?.[1] as string;
  const cells = row.getByRole('cell');
  await expect(cells.nth(4)).toHaveText('3');
  await expect(cells.nth(5)).toHaveText(String(expected.get(addDays(end, -1)) ?? 0));
  await expect(cells.nth(6)).toHaveText('2');

  // The summary: bars per day, read from the chart's data, and a screenshot to look at.
  await row.getByRole('button', { name: `Summary: ${name}` }).click();
  await expect(page).toHaveURL(/\/contents\/historysummary\?key=/);
  await expect(page.getByRole('menuitem', { name: 'History' })).toHaveClass(/ant-menu-item-selected/);
  const chart = page.getByTestId('players-chart');
  await expect(chart).toBeVisible();
  const table = page.getByRole('table', { name: 'Players per day (UTC)' });
  const dates = await table.locator('tbody tr td:first-child').allTextContents();
  expect(dates).toHaveLength(10);
  expect(dates.at(-1)).toBe(end);
  const counts = (await chart.getAttribute('data-counts'))?.split(',').map(Number);
  expect(counts).toEqual(dates.map((date) => expected.get(date) ?? 0));
  // The chart drew a bar for each day with plays (all in the 7 days in view); yesterday's, with two players,
  // twice as tall as the others; the other four days in view have none.
  const bars = chart.locator('svg path[fill="#1677ff"]');
  await expect(bars).toHaveCount(7);
  const heights = (
    await bars.evaluateAll((paths) => paths.map((path) => (path as SVGGraphicsElement).getBBox().height))
  )
    .filter((height) => height > 0.5)
    .sort((x, y) => x - y);
  expect(heights).toHaveLength(3);
  expect(heights[2] as number).toBeCloseTo(2 * (heights[0] as number), 0);
  expect(heights[1]).toBeCloseTo(heights[0] as number, 0);
  await page.screenshot({ path: test.info().outputPath('history-summary.png') });

  // The detail: both players on the timeline; a week back, then 'Return to today'.
  await page.getByRole('button', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/contents\/historydetail\?key=/);
  await expect(page.getByRole('row').filter({ hasText: a.shop })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: b.shop })).toBeVisible();
  await expect(page.getByRole('img', { name: `${addDays(today, -1)}: 2 plays` })).toBeVisible();
  const week = page.getByTestId('timeline-window');
  await expect(week).toHaveText(`Plays from ${addDays(end, -6)} to ${end} (UTC)`);
  const back = page.getByRole('button', { name: 'Return to today' });
  await expect(back).toBeDisabled();
  await page.getByRole('button', { name: 'Previous 7 days' }).click();
  await expect(week).toHaveText(`Plays from ${addDays(end, -13)} to ${addDays(end, -7)} (UTC)`);
  await expect(page.getByRole('row').filter({ hasText: a.shop })).toHaveCount(0);
  await back.click();
  await expect(week).toHaveText(`Plays from ${addDays(end, -6)} to ${end} (UTC)`);
  await expect(page.getByRole('row').filter({ hasText: b.shop })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('history-detail.png') });
  await mk.dispose();
});
