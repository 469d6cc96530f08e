import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIResponse, expect, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { apiAs, makePlayer } from '../support/fleet';
import { USERS } from '../support/users';

/**
 * The audit trail screen (issue 29 item 7) in Chromium: DS_FRIT edits a player in JP and one in KR; DS_LHQIT
 * (JP) sees who changed the JP one, with the memo before and after, and never the KR one; filters narrow the
 * list and a bad time is refused at its field; the CSV download holds what the screen shows; axe finds no
 * serious or critical WCAG 2.1 AA violation on the screen.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test('DS_LHQIT reads who changed what in its region, filters it and downloads it', async ({ page }) => {
  const stamp = Date.now();
  const frit = await apiAs(USERS.DS_FRIT);
  const store = (region: string, shop: string) => ({
    region,
    shop_no: shop,
    shop_name: `Audit ${stamp}`,
    display_pattern: 'Multi,CW',
  });
  const jp = await makePlayer(frit, store('JP', '0771'));
  const kr = await makePlayer(frit, store('KR', '0772'));
  const memo = `audited ${stamp}`;
  for (const code of [jp, kr]) {
    const edited = await frit.put(`/api/devices/${code}`, { data: { memo } });
    expect(edited.status(), await edited.text()).toBe(200);
  }
  await frit.dispose();

  await signIn(page, USERS.DS_LHQIT);
  await page.getByRole('navigation').getByText('Audit trail').click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit trail', level: 2 })).toBeVisible();

  await page.getByLabel('Object').fill(jp);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Player edited' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(USERS.DS_FRIT.id);
  await expect(row).toContainText(jp);
  await expect(row).toContainText(`memo: — → "${memo}"`);

  // The KR player's edit is out of DS_LHQIT's reach: naming it finds nothing.
  await page.getByLabel('Object').fill(kr);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No entries match these filters')).toBeVisible();

  // A time that is no time is refused at its field.
  await page.getByLabel('From (GMT)').fill('someday');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('The start time is not a valid time')).toBeVisible();

  await page.getByLabel('From (GMT)').fill('');
  await page.getByLabel('Object').fill(jp);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(row).toHaveCount(1);
  await expect(page.locator('[aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(csv[0]).toBe('id,at,user,action,object,region,changes,detail');
  const lines = csv.filter((line) => line.includes(jp));
  expect(lines.some((line) => line.includes(`,${USERS.DS_FRIT.id},player.edit,${jp},JP,`))).toBe(true);
  expect(csv.some((line) => line.includes(kr))).toBe(false);
});

test('the fleet-care actions are listed with who did them: hours, a remote command, an emergency message, an alert subscription', async ({
  page,
}) => {
  const stamp = Date.now();
  const frit = await apiAs(USERS.DS_FRIT);
  const ok = async (answer: Promise<APIResponse>) => {
    const response = await answer;
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()).data;
  };
  // A store number of its own: the emergency message below reaches this store's player only.
  const shop = String(9000 + (stamp % 1000));
  const code = await makePlayer(frit, {
    region: 'JP',
    shop_no: shop,
    shop_name: `Care ${stamp}`,
    display_pattern: 'Multi,CW',
  });
  const week = [{ day: 1, ranges: [{ open: '09:00', close: '18:00' }] }];
  await ok(frit.put(`/api/devices/${code}/hours`, { data: { hours: { week, exceptions: [] } } }));
  await ok(frit.post(`/api/devices/${code}/commands`, { data: { kind: 'identify' } }));
  const ends = new Date(stamp + 10 * 60_000).toISOString();
  const target = { by: 'stores', shop_nos: [shop] };
  const posted = await ok(
    frit.post('/api/emergencies', { data: { target, kind: 'text', text: 'Drill', ends_at: ends } }),
  );
  await ok(frit.post(`/api/emergencies/${posted.emergency_id}/cancel`));
  const hook = { webhook_url: `https://hooks.example.com/audit-${stamp}`, webhook_secret: 'a-secret-of-enough-length' };
  const subscribed = await ok(
    frit.post('/api/alerts/subscriptions', { data: { conditions: ['offline'], channel: 'webhook', ...hook } }),
  );
  await ok(frit.delete(`/api/alerts/subscriptions/${subscribed.subscription_id}`));
  await frit.dispose();

  await signIn(page, USERS.DS_FRIT);
  await page.goto('/audit');
  for (const [object, actions] of [
    [code, ['Opening hours set', 'Remote command sent']],
    [posted.emergency_id, ['Emergency message posted', 'Emergency message cancelled']],
    [subscribed.subscription_id, ['Alert subscription added', 'Alert subscription ended']],
  ] as const) {
    await page.getByLabel('Object').fill(object);
    await page.getByRole('button', { name: 'Search' }).click();
    for (const action of actions) {
      const row = page.getByRole('row').filter({ hasText: action });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(USERS.DS_FRIT.id);
      await expect(row).toContainText(object);
    }
  }
});

test('the audit trail is not offered to a role that may not read it', async ({ page }) => {
  await signIn(page, USERS.DS_MK);
  await expect(page.getByRole('navigation').getByText('Audit trail')).toHaveCount(0);
  await page.goto('/audit');
  await expect(page).toHaveURL(/\/device\/list$/);
});
