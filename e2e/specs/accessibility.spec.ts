import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ROUTES, type Role, roleAllows } from '@signage/domain';
import { signIn } from '../support/auth';
import { text } from '../support/i18n';
import { simulate } from '../support/simulator';
import { USERS } from '../support/users';

/**
 * axe-core (WCAG 2.1 A and AA) on every screen a role opens and on the overlays of the player list, in every
 * role, with spot checks in ja, tw and ko (issue 31): no serious or critical violation anywhere. One browser
 * context per role, signed in once; every finding of a role is reported together.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const serial = `A11Y-${Date.now()}-${process.pid}`;
let deviceCode = '';

type Finding = { where: string; rule: string; impact: string; nodes: number; target: string; sample: string };

async function audit(page: Page, where: string, findings: Finding[]) {
  // Whatever is loading has finished: no busy table, no spinning Ant Design spinner, no skeleton.
  await expect(page.locator('[aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  for (const violation of result.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    findings.push({
      where,
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.length,
      target: violation.nodes.map((node) => node.target.join(' ')).join(', '),
      sample: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ') ?? '',
    });
  }
}

/** The roles in walking order: a screen that looks the same in every role is audited in the first that opens it. */
const ORDER: Role[] = ['DS_FRIT', 'DS_MK', 'DS_LHQIT', 'DS_LHQBIZ', 'DS_KT', 'DS_ST'];

/** The screens a role opens without a parameter (ROUTES). */
const openable = (role: Role): string[] =>
  ROUTES.filter(
    (route) => !('public' in route) && route.path !== '/' && !route.path.includes(':') && roleAllows(route.roles, role),
  )
    .map((route) => route.path)
    // Screens that only make sense with a parameter or a wizard step before them are reached from their lists.
    .filter((path) => !/detail|contentedit|scheduleupdate|selectdevice|schedulesetting|logs$/.test(path));

/**
 * What a role walks: the player list and the player detail (their view differs by role), and every other
 * screen it opens that no role before it in ORDER opens (those draw the same whatever the role).
 */
function screensOf(role: Role): string[] {
  const before = new Set(ORDER.slice(0, ORDER.indexOf(role)).flatMap(openable));
  const paths = openable(role).filter((path) => path === '/device/list' || !before.has(path));
  paths.push(`/device/detail?device_code=${encodeURIComponent(deviceCode)}`);
  return paths;
}

async function walkRole(browser: Browser, role: Role, languages: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, USERS[role]);
  for (const language of languages) {
    if (language !== 'en') {
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    }
    for (const path of language === 'en' ? screensOf(role) : ['/device/list']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await audit(page, `${role} ${language} ${path}`, findings);
      // What was audited, kept with the test's output for a look at the layout (1440 x 900).
      const name = `${role}-${language}${path.replace(/\?.*$/, '').replaceAll('/', '-')}.png`;
      await page.screenshot({ path: test.info().outputPath(name) });
    }
    // Overlays of the player list: the search drawer (roles that filter) and the settings panel.
    await page.goto('/device/list');
    const filter = page.getByRole('button', { name: text(language, 'common.filter'), exact: true });
    if ((await filter.count()) > 0) {
      await filter.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit(page, `${role} ${language} player search drawer`, findings);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    const chooser = page.getByRole('button', { name: text(language, 'common.columnsButton') });
    await chooser.click();
    await expect(page.getByRole('group', { name: text(language, 'common.columnsLegend') })).toBeVisible();
    await audit(page, `${role} ${language} column chooser`, findings);
    await page.keyboard.press('Escape');
  }
  await context.close();
  return findings;
}

test.beforeAll(async ({ browser }) => {
  // One registered player, so that lists have a row and the player detail has a player (two CLI runs).
  test.setTimeout(180_000);
  const page = await browser.newPage();
  expect(simulate('announce', ['--serial', serial]).status).toBe(0);
  const login = await page.request.post(`/api/users/${USERS.DS_FRIT.id}/auth`, {
    data: { password: USERS.DS_FRIT.password },
  });
  expect(login.status()).toBe(200);
  const issued = await page.request.post('/api/registrations', {
    data: {
      region: 'JP',
      shop_no: '0012',
      shop_name: 'Ginza A11y',
      display_pattern: 'Multi,CW',
      memo: 'axe walk',
      store_type: '3Flagship',
      device_type: '5Entrance',
      device_name: serial,
    },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const { pin, device_code } = (await issued.json()).data;
  deviceCode = device_code;
  const paired = simulate('pair', ['--serial', serial, '--pin', pin]);
  expect(paired.status, paired.output).toBe(0);
  await page.close();
});

test('the sign-in page has no serious or critical axe violation', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const findings: Finding[] = [];
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'For Vendor' })).toBeVisible();
  await audit(page, 'login', findings);
  expect(findings).toEqual([]);
});

// The roles' walks are independent (each its own context): the two workers share them.
test.describe.configure({ mode: 'parallel' });

for (const role of ORDER) {
  // English everywhere; the marketing, kitting and shop views also in one other language each.
  const extra: Partial<Record<Role, string[]>> = { DS_MK: ['ja'], DS_KT: ['ko'], DS_ST: ['tw'] };
  test(`${role}: every screen and the player list's overlays pass axe (serious, critical)`, async ({ browser }) => {
    test.setTimeout(role === 'DS_FRIT' ? 240_000 : 120_000);
    const findings = await walkRole(browser, role, ['en', ...(extra[role] ?? [])]);
    expect(findings).toEqual([]);
  });
}
