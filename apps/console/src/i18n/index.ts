import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@signage/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { create } from 'zustand';
import en from './en.json';
import type enLive from './en.live.json';
import type enSchedules from './en.schedules.json';

/**
 * A language's catalogue, whole. English is split: en.json is in the first load; en.schedules.json holds
 * the schedule screens' sections and en.live.json the live streams' section, which the screens showing them
 * add when their code loads (schedules.ts, live.ts). The other languages are one file each, loaded on demand.
 */
export type Catalogue = typeof en & typeof enSchedules & typeof enLive;

export const LANGUAGE_STORAGE_KEY = 'language';
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Each language named in itself, as the settings panel shows it. */
export const LANGUAGE_LABELS: Record<Language, string> = {
  ja: '日本語',
  en: 'English',
  tw: '繁體中文',
  ko: '한국어',
};

/** The order the settings panel lists them in (SPEC.md: ja/en/tw/ko). */
export const LANGUAGE_ORDER: readonly Language[] = ['ja', 'en', 'tw', 'ko'];

const HTML_LANG: Record<Language, string> = { en: 'en', ja: 'ja', tw: 'zh-Hant-TW', ko: 'ko' };
const DAYJS_LOCALE: Record<Language, string> = { en: 'en', ja: 'ja', tw: 'zh-tw', ko: 'ko' };

/** English is bundled; the others load on demand so the first load stays small. */
const loaders: Record<Language, () => Promise<Partial<Catalogue>>> = {
  en: async () => en,
  ja: async () => {
    const [catalogue] = await Promise.all([import('./ja.json'), import('dayjs/locale/ja')]);
    return catalogue.default;
  },
  tw: async () => {
    const [catalogue] = await Promise.all([import('./tw.json'), import('dayjs/locale/zh-tw')]);
    return catalogue.default;
  },
  ko: async () => {
    const [catalogue] = await Promise.all([import('./ko.json'), import('dayjs/locale/ko')]);
    return catalogue.default;
  },
};

/** The latest choice; a slower load of an earlier choice must not win over it. */
let wanted: Language = DEFAULT_LANGUAGE;

/**
 * Something else a language needs before it shows, added by code that loads later (the signed-in
 * shell adds Ant Design's locale, app/antd.tsx): it loads what `language` needs and returns what
 * applies it, called when the language switches, together with the catalogue.
 */
export type LanguagePart = (language: Language) => Promise<() => void>;
const parts = new Set<LanguagePart>();

/** Adds a part to every language switch from now on, and loads and applies it for the active language. */
export async function addLanguagePart(part: LanguagePart): Promise<void> {
  if (parts.has(part)) return;
  parts.add(part);
  // The language shown, or the one a switch under way is loading (that switch applies the part too).
  const language = wanted;
  const apply = await part(language);
  if (wanted === language) apply();
}

type LocaleState = { language: Language; pending: Language | null };

/** The active language, and a language chosen whose catalogue is still loading. */
export const useLocale = create<LocaleState>()(() => ({ language: DEFAULT_LANGUAGE, pending: null }));

function readCookie(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The saved choice: local storage first, then the cookie, else the default (en). */
export function storedLanguage(): Language {
  const fromStorage = safeLocalStorage()?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(fromStorage)) return fromStorage;
  const fromCookie = readCookie(LANGUAGE_STORAGE_KEY);
  return isLanguage(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
}

function persistLanguage(language: Language): void {
  safeLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the language in a cookie, and the Cookie Store API is not in every browser the console supports.
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

let dayjsLoaded = false;

/**
 * dayjs is only needed by screens with dates, so it is not part of the first load: English (its
 * default) needs nothing until dayjs is loaded anyway, and another language sets it here.
 */
async function applyDayjsLocale(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE && !dayjsLoaded) return;
  const { default: dayjs } = await import('dayjs');
  dayjsLoaded = true;
  dayjs.locale(DAYJS_LOCALE[language]);
}

async function applyLanguage(language: Language): Promise<void> {
  wanted = language;
  const known = [...parts];
  const [catalogue, ...applyParts] = await Promise.all([loaders[language](), ...known.map((part) => part(language))]);
  // A part added while this switch was loading (the shell arriving) is loaded for it as well.
  const added = [...parts].filter((part) => !known.includes(part));
  applyParts.push(...(await Promise.all(added.map((part) => part(language)))));
  if (!i18n.hasResourceBundle(language, 'translation')) i18n.addResourceBundle(language, 'translation', catalogue);
  if (wanted !== language) return;
  await i18n.changeLanguage(language);
  await applyDayjsLocale(language);
  document.documentElement.lang = HTML_LANG[language];
  for (const apply of applyParts) apply();
  useLocale.setState({ language });
}

/**
 * Switches the interface language and remembers the choice (local storage and cookie). The choice
 * shows at once (`pending`) while the catalogue of a non-English language loads.
 */
export async function setLanguage(language: Language): Promise<void> {
  persistLanguage(language);
  useLocale.setState({ pending: language });
  try {
    await applyLanguage(language);
  } finally {
    if (useLocale.getState().pending === language) useLocale.setState({ pending: null });
  }
}

/** The language a control should show as chosen: the one loading, else the active one. */
export function useChosenLanguage(): Language {
  return useLocale((state) => state.pending ?? state.language);
}

let initialised: Promise<void> | null = null;

/** Starts i18next with English bundled, then switches to the saved language if it is another one. */
export function initI18n(): Promise<void> {
  initialised ??= (async () => {
    await i18n.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
    const language = storedLanguage();
    await applyLanguage(language).catch(() => applyLanguage(DEFAULT_LANGUAGE));
  })();
  return initialised;
}

export { i18n };
