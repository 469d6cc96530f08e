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

/** The WCAG relative luminance of an sRGB colour (0-255 channels). */
function luminance([r, g, b]: number[]): number {
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
}

/** The contrast of a CSS colour 'rgb(…)' or 'rgba(…)' drawn over the background `under`. */
export function contrastOver(color: string, under: number[]): number {
  const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
  const drawn = [r, g, b].map((c, i) => a * c + (1 - a) * (under[i] ?? 0));
  const [light, dark] = [luminance(drawn), luminance(under)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/**
 * The ring a focused text field, select, picker or text area draws (on the field or the box around its input,
 * up to three levels): its width in pixels and its colour; null when it draws none.
 */
export function fieldRing(page: Page): Promise<{ width: number; color: string } | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const candidates: Element[] = [focused];
    for (let up = focused.parentElement, level = 0; up && level < 3; up = up.parentElement, level++) {
      candidates.push(up);
    }
    let best: { width: number; color: string } | null = null;
    for (const candidate of candidates) {
      const style = getComputedStyle(candidate);
      if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > (best?.width ?? 0)) {
        best = { width: Number.parseFloat(style.outlineWidth), color: style.outlineColor };
      }
      for (const shadow of style.boxShadow.matchAll(/(rgba?\([^)]*\)) 0px 0px 0px (\d+(?:\.\d+)?)px/g)) {
        if (Number(shadow[2]) > (best?.width ?? 0)) best = { width: Number(shadow[2]), color: shadow[1] ?? '' };
      }
    }
    return best;
  });
}

/**
 * The focused text field shows a ring a keyboard user sees (WCAG 2.4.7, issue 31): at least 2 px wide and at
 * least 3:1 against the white of a card and the #f5f5f5 of the page, as the buttons' outline is seen.
 */
export async function expectFieldFocusRing(page: Page): Promise<void> {
  const what = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing');
  await expect
    .poll(
      async () => {
        const ring = await fieldRing(page);
        if (!ring) return 'no ring';
        const contrast = Math.min(contrastOver(ring.color, [255, 255, 255]), contrastOver(ring.color, [245, 245, 245]));
        return ring.width >= 2 && contrast >= 3
          ? 'visible'
          : `${ring.width}px ${ring.color} at ${contrast.toFixed(2)}:1`;
      },
      { message: `the focus ring of ${what}` },
    )
    .toBe('visible');
}
