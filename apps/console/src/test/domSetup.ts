// Every console test file with a DOM (jsdom): Testing Library, the stand-ins antd needs, i18n, and a clean state after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { resetLocalSession } from '../app/auth/session';
import { initI18n, LANGUAGE_STORAGE_KEY, setLanguage } from '../i18n';
import { filterStyleRules } from './styleRuleFilter';

// The first render of a route loads its lazy chunk; on a cold transform that can take a while: the history
// pages' chart chunk took over 5 s to transform with the whole suite running on 2 cores (CI failed the history
// timeline test there at 5.4 s). findBy/waitFor still end as soon as what they wait for is on screen.
configure({ asyncUtilTimeout: 20_000 });

// jsdom lacks matchMedia (antd's responsive grid and the side menu breakpoint use it).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// jsdom lacks ResizeObserver (antd's popups and overflow menus observe their size).
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });

// antd measures scrollbars through pseudo-element styles, which jsdom does not implement.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// Computed styles without testing each of antd's rules against every element (src/test/styleRuleFilter.ts).
filterStyleRules(document);

beforeAll(async () => {
  await initI18n();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  resetLocalSession();
  await setLanguage('en');
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: expires the language cookie the tests write, as the app writes it.
  document.cookie = `${LANGUAGE_STORAGE_KEY}=; path=/; max-age=0`;
});
