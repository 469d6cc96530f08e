import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, request, test } from '@playwright/test';
import { ROUTES, type Role, roleAllows } from '@signage/domain';
import { E2E } from '../support/env';
import { apiAs } from '../support/fleet';
import { text } from '../support/i18n';
import { USERS } from '../support/users';

/**
 * axe-core (WCAG 2.1 A and AA) on every screen a role opens and on the overlays of the player list, in every
 * role, and in ja, tw and ko (issue 31): no serious or critical violation anywhere. One browser
 * context per role, signed in once; every finding of a role is reported together.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const serial = `A11Y-${Date.now()}-${process.pid}`;
let deviceCode = '';

type Finding = { where: string; rule: string; impact: string; nodes: number; target: string; sample: string };

async function audit(page: Page, where: string, findings: Finding[]) {
  // Whatever is loading has finished: no busy table, no spinning Ant Design spinner, no skeleton.
  await expect(page.locator('[aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  // Every rule of the tags runs; only violations are collected in full (passes are what takes the time).
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
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

/** Goes to `path` inside the app (the router follows the history), without loading the page again. */
async function visit(page: Page, path: string) {
  if (page.url() === 'about:blank') await page.goto(path);
  else {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** A context at 1440 x 900 with the console in `language`. */
async function contextIn(browser: Browser, language: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  return context;
}

/** Signs `role` in through the API (the context's cookie), after whoever was signed in before. */
async function signInAs(context: BrowserContext, role: Role) {
  await context.clearCookies();
  const login = await context.request.post(`/api/users/${USERS[role].id}/auth`, {
    data: { password: USERS[role].password },
  });
  expect(login.status()).toBe(200);
}

/** The overlays of the player list: the search drawer (roles that filter) and the column chooser. */
async function auditOverlays(page: Page, where: string, language: string, findings: Finding[]) {
  await visit(page, '/device/list');
  const filter = page.getByRole('button', { name: text(language, 'common.filter'), exact: true });
  if ((await filter.count()) > 0) {
    await filter.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page, `${where} player search drawer`, findings);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  const chooser = page.getByRole('button', { name: text(language, 'common.columnsButton') });
  await chooser.click();
  await expect(page.getByRole('group', { name: text(language, 'common.columnsLegend') })).toBeVisible();
  await audit(page, `${where} column chooser`, findings);
  await page.keyboard.press('Escape');
}

/**
 * Each role's walk in one language, in one context (its cache kept from role to role): the role's screens
 * audited (and, in English, kept as screenshots for a look at the layout at 1440 x 900), then the player list's
 * overlays when `overlays` says so for the role.
 */
async function walk(
  browser: Browser,
  language: string,
  roles: Role[],
  overlays: (role: Role) => boolean,
  findings: Finding[],
) {
  const context = await contextIn(browser, language);
  for (const role of roles) {
    await signInAs(context, role);
    const page = await context.newPage();
    for (const path of screensOf(role)) {
      await visit(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[language] ?? language);
      await audit(page, `${role} ${language} ${path}`, findings);
      if (language === 'en') {
        const name = `${role}-${language}${path.replace(/\?.*$/, '').replaceAll('/', '-')}.png`;
        await page.screenshot({ path: test.info().outputPath(name) });
      }
    }
    if (overlays(role)) await auditOverlays(page, `${role} ${language}`, language, findings);
    await page.close();
  }
  await context.close();
}

/** The document language each console language sets (apps/console/src/i18n). */
const HTML_LANG: Record<string, string> = { en: 'en', ja: 'ja', tw: 'zh-Hant-TW', ko: 'ko' };

test.beforeAll(async () => {
  // One registered player, so that lists have a row and the player detail has a player: it announces itself,
  // DS_FRIT registers it to a store (a PIN), and it pairs with that PIN (the agent protocol).
  const frit = await apiAs(USERS.DS_FRIT);
  const agent = await request.newContext({ baseURL: E2E.baseURL });
  expect((await agent.post('/agent/v1/announce', { data: { serial } })).status()).toBe(200);
  const issued = await frit.post('/api/registrations', {
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
  const paired = await agent.post('/agent/v1/pair', { data: { serial, pin } });
  expect(paired.status(), await paired.text()).toBe(200);
  await Promise.all([frit.dispose(), agent.dispose()]);
});

// The walks are independent (each role its own context): the two workers share them, the longest first.
test.describe.configure({ mode: 'parallel' });

// ja, tw and ko: every screen walked in English, those that look the same in every role once (in the first
// role that opens them), the player list and detail in every role, the player list's overlays in DS_FRIT's.
// Two tests a language (DS_FRIT, which opens most screens, and the other roles), so that the two workers
// share them evenly.
const first: Role = 'DS_FRIT';
const others = ORDER.filter((role) => role !== first);
for (const language of ['ja', 'tw', 'ko']) {
  test(`${language}: every screen of ${first} and the player list's overlays pass axe (serious, critical)`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await walk(browser, language, [first], () => true, findings);
    expect(findings).toEqual([]);
  });
  test(`${language}: the screens of ${others.join(', ')} pass axe (serious, critical)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    await walk(browser, language, others, () => false, findings);
    expect(findings).toEqual([]);
  });
}

for (const role of ORDER) {
  test(`${role}: every screen and the player list's overlays pass axe in English (serious, critical)`, async ({
    browser,
  }) => {
    test.setTimeout(role === 'DS_FRIT' ? 240_000 : 120_000);
    const findings: Finding[] = [];
    await walk(browser, 'en', [role], () => true, findings);
    expect(findings).toEqual([]);
  });
}

test('the sign-in page has no serious or critical axe violation in any language', async ({ browser }) => {
  const findings: Finding[] = [];
  for (const language of ['en', 'ja', 'tw', 'ko']) {
    const context = await contextIn(browser, language);
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: text(language, 'login.forVendor') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[language] ?? language);
    await audit(page, `login ${language}`, findings);
    await context.close();
  }
  expect(findings).toEqual([]);
});
