import { expect, type Locator, type Page } from '@playwright/test';
import type { E2EUser } from './users';

/** Whether the page's focus is on `target` or inside it. */
const holdsFocus = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/**
 * Presses Tab (Shift+Tab with `back`) until `target` holds the focus, as a keyboard user does; fails after
 * `max` presses. The target must be on the page already (it is waited for, as a user waits to see it).
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses++) {
    if (await holdsFocus(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target}`);
}

/**
 * What the focus looks like: an outline (width above zero), or a focus ring drawn as a spread box-shadow, on
 * the focused element or where its control draws it (an ancestor up to three levels, as Ant Design's select
 * and checkbox do, or the box next to a hidden input).
 */
export function focusRing(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const ring = (element: Element | null): string | null => {
      if (!element) return null;
      const style = getComputedStyle(element);
      if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1) {
        return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
      }
      // A ring is a shadow with no offset and no blur and a spread: '<color> 0px 0px 0px 2px'.
      const spread = /0px 0px 0px (\d+(?:\.\d+)?)px/.exec(style.boxShadow);
      if (spread && Number(spread[1]) >= 1) return `box-shadow ${style.boxShadow}`;
      return null;
    };
    const candidates = [focused, focused.nextElementSibling];
    for (let up = focused.parentElement, level = 0; up && level < 3; up = up.parentElement, level++) {
      candidates.push(up);
    }
    for (const candidate of candidates) {
      const found = ring(candidate);
      if (found) return found;
    }
    return null;
  });
}

/**
 * The focused element shows that it is (once the focus ring's transition has run): fails naming the element
 * when it does not.
 */
export async function expectFocusVisible(page: Page): Promise<void> {
  const what = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing');
  await expect.poll(() => focusRing(page), { message: `no visible focus on ${what}` }).not.toBeNull();
}

/** Signs in with the keyboard alone: the ID field has the focus on arrival, Tab to the password, Enter. */
export async function signInByKeyboard(page: Page, user: Pick<E2EUser, 'id' | 'password'>): Promise<void> {
  await page.goto('/login');
  const id = page.getByLabel('ID', { exact: true });
  await expect(id).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.type(user.id);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await expectFocusVisible(page);
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login$/);
}
