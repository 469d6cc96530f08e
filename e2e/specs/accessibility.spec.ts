import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, expect, type Page, request, test } from '@playwright/test';
import { ROUTES, type Role, roleAllows } from '@signage/domain';
import { E2E } from '../support/env';
import { apiAs } from '../support/fleet';
import { text } from '../support/i18n';
import { USERS } from '../support/users';

/**
 * axe-core (WCAG 2.1 A and AA) on every screen a role opens and on the overlays of the player list, in every
 * role and in all four languages (issues 29 and 31): no serious or critical violation anywhere.
 *
 * Each screen is opened once and audited in en, ja, tw and ko in turn, the language switched in place with the
 * header's language menu as a user does (so a switch that leaves text of the old language behind shows too).
 * axe runs in the page itself (injected once a page) rather than through @axe-core/playwright, whose every
 * analysis also opens a blank page to finish the run in: the walk is a few short tests that the workers share.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const LANGUAGES = ['en', 'ja', 'tw', 'ko'] as const;
type Language = (typeof LANGUAGES)[number];
/** The document language each console language sets, and its name in the language menu (apps/console/src/i18n). */
const HTML_LANG: Record<Language, string> = { en: 'en', ja: 'ja', tw: 'zh-Hant-TW', ko: 'ko' };
const LABEL: Record<Language, string> = { en: 'English', ja: '日本語', tw: '繁體中文', ko: '한국어' };

/** axe-core's own build, the one @axe-core/playwright would inject. */
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

const serial = `A11Y-${Date.now()}-${process.pid}`;
let deviceCode = '';
/** Stands for the registered player's detail in the lists of screens (its code is known once it is registered). */
const DETAIL = '/device/detail';

/** What axe.run answers, as far as the walk reads it. */
type AxeViolation = {
  id: string;
  impact?: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
};
type Finding = { where: string; rule: string; impact: string; nodes: number; target: string; sample: string };

async function audit(page: Page, where: string, findings: Finding[]) {
  // Whatever is loading has finished: no busy table, no spinning Ant Design spinner, no skeleton.
  await expect(page.locator('[aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  // Evaluated as the page's own script would be refused by its Content-Security-Policy (script-src 'self').
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Every rule of the tags runs; only violations are collected in full (passes are what takes the time).
  const result = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: AxeViolation[] }> } }).axe.run(
        document,
        {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        },
      ),
    TAGS,
  );
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

/** Switches the console to `language` with the header's language menu, and waits until it shows in it. */
async function switchTo(page: Page, from: Language, language: Language) {
  if (from === language) return;
  await page.getByRole('button', { name: new RegExp(`: ${LABEL[from]}$`) }).click();
  await page.getByRole('menuitem', { name: LABEL[language] }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[language]);
  await expect(page.getByRole('button', { name: new RegExp(`: ${LABEL[language]}$`) })).toBeVisible();
  // The language menu has closed (the side menu is a menu too): nothing of it left over the screen audited.
  await expect(page.getByRole('menuitem', { name: LABEL[from], exact: true })).toBeHidden();
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
  return [...openable(role).filter((path) => path === '/device/list' || !before.has(path)), DETAIL];
}

/** Goes to `path` inside the app (the router follows the history), without loading the page again. */
async function visit(page: Page, path: string) {
  const to = path === DETAIL ? `${DETAIL}?device_code=${encodeURIComponent(deviceCode)}` : path;
  if (page.url() === 'about:blank') await page.goto(to);
  else {
    await page.evaluate((target) => {
      history.pushState(null, '', target);
      dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  }
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/**
 * 1440 x 900, and the system's reduced motion, which turns the console's transitions off (app/antd.tsx): a button
 * enabled when its list arrives is audited in its final colours, not half-way through its 0.2 s fade.
 */
const AT_1440 = { viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' } as const;

/** A page at 1440 x 900 signed in as `role` (the API's cookie), the console in English. */
async function pageAs(browser: Browser, role: Role) {
  const context = await browser.newContext(AT_1440);
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  const login = await context.request.post(`/api/users/${USERS[role].id}/auth`, {
    data: { password: USERS[role].password },
  });
  expect(login.status()).toBe(200);
  return context.newPage();
}

/**
 * Each screen of `paths` opened once and audited in the four languages, in the order that needs one switch fewer
 * (a screen starts in the language the one before it ended in); in English also kept as a screenshot for a look
 * at the layout at 1440 x 900.
 */
async function walkScreens(page: Page, role: Role, paths: string[], findings: Finding[]) {
  let language: Language = 'en';
  for (const path of paths) {
    await visit(page, path);
    const order: readonly Language[] = language === 'en' ? LANGUAGES : [...LANGUAGES].reverse();
    for (const next of order) {
      await switchTo(page, language, next);
      language = next;
      await audit(page, `${role} ${next} ${path}`, findings);
      if (next === 'en') {
        await page.screenshot({ path: test.info().outputPath(`${role}${path.replaceAll('/', '-')}.png`) });
      }
    }
  }
}

/** The overlays of the player list in `languages`: the search drawer (roles that filter) and the column chooser. */
async function walkOverlays(page: Page, role: Role, languages: readonly Language[], findings: Finding[]) {
  await visit(page, '/device/list');
  let current: Language = 'en';
  for (const language of languages) {
    await switchTo(page, current, language);
    current = language;
    const filter = page.getByRole('button', { name: text(language, 'common.filter'), exact: true });
    if ((await filter.count()) > 0) {
      await filter.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit(page, `${role} ${language} player search drawer`, findings);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await page.getByRole('button', { name: text(language, 'common.columnsButton') }).click();
    const chooser = page.getByRole('group', { name: text(language, 'common.columnsLegend') });
    await expect(chooser).toBeVisible();
    await audit(page, `${role} ${language} column chooser`, findings);
    await page.keyboard.press('Escape');
    await expect(chooser).toBeHidden();
  }
}

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

// The tests are independent (each its own context): the two workers share them.
test.describe.configure({ mode: 'parallel' });

/** Screens a test: each audited four times, a few a test keep each test short. */
const SCREENS_A_TEST = 3;

for (const role of ORDER) {
  const screens = screensOf(role);
  for (let at = 0; at < screens.length; at += SCREENS_A_TEST) {
    const paths = screens.slice(at, at + SCREENS_A_TEST);
    test(`${role}: ${paths.join(', ')} pass axe in en, ja, tw and ko (serious, critical)`, async ({ browser }) => {
      test.setTimeout(90_000);
      const findings: Finding[] = [];
      await walkScreens(await pageAs(browser, role), role, paths, findings);
      expect(findings).toEqual([]);
    });
  }
  // The player list's overlays, which differ by role (the drawer's filters, the view's columns), in every language.
  test(`${role}: the player list's search drawer and column chooser pass axe in en, ja, tw and ko`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const findings: Finding[] = [];
    await walkOverlays(await pageAs(browser, role), role, LANGUAGES, findings);
    expect(findings).toEqual([]);
  });
}

test('the sign-in page has no serious or critical axe violation in any language', async ({ browser }) => {
  const context = await browser.newContext(AT_1440);
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  const page = await context.newPage();
  await page.goto('/login');
  const findings: Finding[] = [];
  for (const language of LANGUAGES) {
    // The sign-in page's own row of languages.
    await page.locator('fieldset.language-links').getByRole('button', { name: LABEL[language] }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[language]);
    await expect(page.getByRole('button', { name: text(language, 'login.forVendor') })).toBeVisible();
    await audit(page, `login ${language}`, findings);
  }
  await context.close();
  expect(findings).toEqual([]);
});
