import type { Language } from '@signage/domain';
import { ConfigProvider, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { type ReactNode, useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { addLanguagePart } from '../i18n';

/** The focus ring of text fields, selects and pickers: the primary colour (also in ui/plain/plain.css). */
export const FOCUS_RING = '#0958d9';

/**
 * The console's Ant Design theme; the light pages before sign-in draw with the same values (ui/plain/plain.css).
 * Every text colour passes WCAG 2.1 AA (4.5:1) on white and on the light fills it sits on (issue 31): primary
 * #0958d9 (6.2:1 on white, 5.3:1 on the selected menu item's #e6f4ff, white text on it 6.2:1), error #cf1322,
 * success #237804 and warning #8a5300 (their text and dots, and a tag's text on its light fill), secondary text
 * (menu group titles, descriptions) at 62 % black.
 *
 * Focus (WCAG 2.4.7, issue 31): a focused text field, select, date picker or text area draws a 2 px ring
 * (Ant Design's active shadow) in the primary colour, 6.2:1 on white and 5.7:1 on the page's #f5f5f5, where
 * Ant Design's own ring is 10 % blue (1.1:1), so the focus showed mostly as a border colour; the error and
 * warning rings of an invalid field in their text colours. The buttons keep their own focus outline and the
 * faint drop shadows Ant Design derives from the same tokens.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    // Ant Design derives a lighter hover (#2e7ae6, 4.2:1): a slightly lighter one that still passes.
    colorPrimaryHover: '#1d63d8',
    colorPrimaryActive: '#003eb3',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    colorLinkHover: '#1d63d8',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#8a5300',
    // The fills Ant Design derives from these dark seeds are greyish (#c9c5b5, #adb8a5): a tag's text on them was
    // 3.7:1 and 2.7:1. Its usual light fills and borders instead: #8a5300 on #fffbe6 6.1:1, #237804 on #f6ffed 5.4:1.
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    // Placeholders are read as text too (#bfbfbf was 1.8:1).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    borderRadius: 6,
    controlOutline: FOCUS_RING,
    controlOutlineWidth: 2,
    colorErrorOutline: '#cf1322',
    colorWarningOutline: '#8a5300',
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff' },
    // Ant Design's defaults, which it would otherwise derive from the focus ring's colours above.
    Button: {
      primaryShadow: '0 2px 0 rgba(5, 145, 255, 0.1)',
      dangerShadow: '0 2px 0 rgba(255, 38, 5, 0.06)',
    },
  },
};

/**
 * The same theme without motion, for people who ask their system for less of it (prefers-reduced-motion): no
 * fades, slides or colour transitions, so what changes shows at once in its final colours.
 */
export const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for reduced motion now (and a re-render when that changes). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
  );
}

/** Ant Design's locale of each language: English bundled with Ant Design, the others loaded when chosen. */
const LOCALES: Record<Language, () => Promise<Locale>> = {
  en: async () => enUS,
  ja: async () => (await import('antd/es/locale/ja_JP')).default,
  tw: async () => (await import('antd/es/locale/zh_TW')).default,
  ko: async () => (await import('antd/es/locale/ko_KR')).default,
};

/** The Ant Design locale of the active language (read by ConfigProvider). */
export const useAntdLocale = create<{ locale: Locale }>()(() => ({ locale: enUS }));

const antdLocalePart = async (language: Language) => {
  const locale = await LOCALES[language]();
  return () => useAntdLocale.setState({ locale });
};

let localeReady: Promise<void> | null = null;

/**
 * Makes every language switch load and apply Ant Design's locale with the catalogue, from now on,
 * and resolves once the active language's locale is in place: what comes with Ant Design (the shell)
 * waits for it before it first shows, so it never shows a moment in the wrong locale.
 */
export function loadAntdLocale(): Promise<void> {
  localeReady ??= addLanguagePart(antdLocalePart);
  return localeReady;
}

/**
 * Ant Design's theme and the locale of the chosen language, around what uses Ant Design: the signed-in
 * shell (router.tsx), and components rendered on their own in tests (providers.tsx). The pages before
 * sign-in do without, so the first load of /login carries no Ant Design code.
 */
const BUTTON = { autoInsertSpace: false };

export function AntdProvider({ children }: { children: ReactNode }) {
  const locale = useAntdLocale((state) => state.locale);
  const still = usePrefersReducedMotion();
  return (
    // No space put between two CJK characters of a button ('詳 細'): the text shown stays the one its
    // accessible name holds ('詳細: 1SmallMid'), as WCAG 2.5.3 asks, and as Japanese and Chinese write it.
    <ConfigProvider locale={locale} theme={still ? stillTheme : theme} button={BUTTON}>
      {children}
    </ConfigProvider>
  );
}
