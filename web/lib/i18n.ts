import i18next, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { digitsIn, isLanguage, LANGUAGE_COOKIE, type Language } from '../../common/languages.ts';
import en from '../locales/en.json';
import type enLists from '../locales/en.lists.json';
import type enScreens from '../locales/en.screens.json';
import { whenHydrated } from './hydration.ts';

// Three files per language: en.json holds what the first load draws (navigation, footer, the home
// page with its contact form, errors); en.lists.json what the public lists add (requests, donor
// search, blogs: `withListStrings`, decision 020); en.screens.json the strings of every other
// screen, fetched with that screen's code together with the lists' file (`withScreenStrings`), so
// a visitor's first load does not carry them. Nothing already drawn redraws when they arrive:
// tests/e2e/bundle-budget.spec.ts checks that the first load uses en.json's strings only, and the
// public lists en.json's and en.lists.json's. A section may span files (they merge deeply).
// Bangla (bn.json, bn.lists.json, bn.screens.json, and the Bangla place names) is fetched only
// once someone chooses it: an English visitor's first load carries none of it (issue 16).
// Typed keys: a t('…') call with a key in none of the files fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof enLists & typeof enScreens };
  }
}

export const i18n = i18next;

/** ASCII digits as the language writes them: Bangla digits in Bangla, unchanged in English. */
export const localDigits = (text: string, language: string = i18n.language) =>
  digitsIn(language, text);

/**
 * Numbers put into a text ({{count}}, {{page}}, {{year}}) in the language's digits. English
 * keeps them exactly as before (no grouping added): the spec's texts do not change.
 */
const digitsFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  // i18next's type says string; any other value passes through untouched, as without a formatter.
  format: (value: unknown, _format, lng) =>
    (typeof value === 'number' ? localDigits(String(value), lng) : value) as string,
  add() {},
  addCached() {},
};

// Synchronous init (English is bundled), so the first render already has its text.
void i18n
  .use(initReactI18next)
  .use(digitsFormatter)
  .init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false, alwaysFormat: true }, // React escapes already.
    initAsync: false,
  });

/**
 * The language this browser asked for last ('en' when none, or where there is no storage): the
 * storage's, else the cookie's, which the server drew the page in (server/lib/static-web.ts), so
 * that the app takes over a Bangla page in Bangla even where the storage was cleared or refused.
 */
export function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_COOKIE);
    if (isLanguage(value)) return value;
  } catch {
    // Storage refused (privacy settings): the cookie, if any.
  }
  const cookie = globalThis.document?.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  return isLanguage(cookie) ? cookie : 'en';
}

/**
 * Remembers the reader's language in this browser (nothing happens where storage is refused),
 * and in a cookie the server reads to send a page's "Loading…" in it before the app's code has
 * arrived (server/lib/static-web.ts; issue 30 item 3). A preference only: no one is identified.
 */
export function rememberLanguage(language: Language) {
  const before = storedLanguage();
  try {
    globalThis.localStorage?.setItem(LANGUAGE_COOKIE, language);
    // Where there is no document (the build's prerender) this throws, as where cookies are refused.
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every phone's browser (Safari before 18.4, Firefox); one plain write works in all.
    document.cookie = `${LANGUAGE_COOKIE}=${language};path=/;max-age=31536000`;
  } catch {
    // Not remembered; the page still switches (and the loading page stays English).
    return;
  }
  if (language !== before) for (const listener of rememberedListeners) listener(language);
}

const rememberedListeners = new Set<(language: Language) => void>();

/**
 * Hears every change of the remembered language, however made (the switch, `?lang=`, the
 * account's language at sign-in): the offline copies of the pages follow it
 * (web/lib/service-worker.ts).
 */
export function onLanguageRemembered(listener: (language: Language) => void): void {
  rememberedListeners.add(listener);
}

/** The language being shown or about to be: screens loading meanwhile fetch its strings too. */
let wanted: Language = 'en';

/** Fetches a file once; a failed download (offline) may be tried again by the next caller. */
export function once(load: () => Promise<void>): () => Promise<void> {
  let loading: Promise<void> | undefined;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
}

/** The files fetched with a screen's code, in each language. */
type Part = 'lists' | 'screens';
const parts: Record<Language, Record<Part, () => Promise<{ default: object }>>> = {
  en: {
    lists: () => import('../locales/en.lists.json'),
    screens: () => import('../locales/en.screens.json'),
  },
  bn: {
    lists: () => import('../locales/bn.lists.json'),
    screens: () => import('../locales/bn.screens.json'),
  },
};
const partLoaders = new Map<string, () => Promise<void>>();

/** Fetches one language's file of strings once and adds it to the strings. */
function loadPart(language: Language, part: Part): Promise<void> {
  const name = `${language}.${part}`;
  let load = partLoaders.get(name);
  if (!load) {
    load = once(() =>
      parts[language][part]().then(({ default: strings }) => {
        i18n.addResourceBundle(language, 'translation', strings, true, true);
      }),
    );
    partLoaders.set(name, load);
  }
  return load();
}

/** The parts screens have asked for so far: a switch to Bangla fetches their Bangla too. */
const requestedParts = new Set<Part>();

/** Fetches a part in English (the fallback) and, when Bangla is shown or coming, in Bangla. */
function loadStrings(part: Part): Promise<void> {
  requestedParts.add(part);
  return Promise.all([
    loadPart('en', part),
    wanted === 'bn' ? loadPart('bn', part) : undefined,
  ]).then(() => undefined);
}

const loadBangla = once(() =>
  Promise.all([
    import('../locales/bn.json'),
    import('../../common/geo/bangladesh-geo.json'),
    banglaFonts(),
  ]).then(([{ default: strings }, { default: geo }]) => {
    for (const place of [...geo.upazilas, ...geo.districts, ...geo.divisions]) {
      banglaPlaceNames.set(place.name, place.bnName);
    }
    i18n.addResourceBundle('bn', 'translation', strings, true, true);
  }),
);

/**
 * Our Bengali font (styles.css), loaded before the words change: on a device without a Bengali
 * font, Chromium drew some words laid out before it arrived as empty boxes even after it came.
 * Never waits more than two seconds for it; the font still swaps in when it comes.
 */
function banglaFonts(): Promise<unknown> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  const fonts = Promise.all(
    ['400', '600'].map((weight) => document.fonts.load(`${weight} 1em "RedHope Bangla"`, 'বাংলা')),
  ).catch(() => undefined);
  return Promise.race([fonts, new Promise((resolve) => setTimeout(resolve, 2000))]);
}

/**
 * English place name → Bangla (DESIGN §1: places travel and are stored by their English name;
 * the UI shows the Bangla one in Bangla). Divisions last, so where a district and its division
 * share a name, the division's spelling wins; they agree in the data anyway.
 */
const banglaPlaceNames = new Map<string, string>();

/** A division, district or upazila as the reader's language names it. */
export function placeName(name: string): string;
export function placeName(name: string | null | undefined): string | null | undefined;
export function placeName(name: string | null | undefined) {
  if (!name || i18n.language !== 'bn') return name;
  return banglaPlaceNames.get(name) ?? name;
}

/** Fetches the strings of every screen (the lists' file and the screens' file) once. */
export function loadScreenStrings(): Promise<void> {
  return Promise.all([loadStrings('lists'), loadStrings('screens')]).then(() => undefined);
}

/** A lazily loaded screen's code, resolved once the screen's strings are there too. */
export async function withScreenStrings<M>(load: Promise<M>): Promise<M> {
  const [module] = await Promise.all([load, loadScreenStrings()]);
  return module;
}

/** A public list's code (requests, donor search, blogs), resolved with the lists' strings. */
export async function withListStrings<M>(load: Promise<M>): Promise<M> {
  const [module] = await Promise.all([load, loadStrings('lists')]);
  return module;
}

/**
 * Shows the app in `language`: fetches its strings first (so nothing is drawn half-translated),
 * then switches, remembers the choice in this browser and sets <html lang>.
 */
export async function setLanguage(
  language: Language,
  { chosen = false }: { chosen?: boolean } = {},
): Promise<void> {
  wanted = language;
  if (language === 'bn') {
    await Promise.all([loadBangla(), ...[...requestedParts].map((part) => loadPart('bn', part))]);
  }
  // Not while React is still taking the prerendered page over: its later sections would be
  // drawn in the new language over the English they must match (web/lib/hydration.ts).
  await whenHydrated();
  // Another choice made while this one was loading wins.
  if (wanted !== language) return;
  rememberLanguage(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (chosen) for (const listener of choiceListeners) listener(language);
}

const choiceListeners = new Set<(language: Language) => void>();

/** Hears every language the reader picks on the switch (not one taken from the account). */
export function onLanguageChosen(listener: (language: Language) => void): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/** The current language, as RedHope knows it. */
export const currentLanguage = (): Language => (i18n.language === 'bn' ? 'bn' : 'en');

/** The locale Intl formats dates and numbers with: Bangla digits and month names in Bangla. */
export const intlLocale = (language: string = i18n.language) =>
  language === 'bn' ? 'bn-BD' : language;

// Screen readers, hyphenation and the font follow <html lang>; keep it in step.
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

/** A number as the reader writes it: ১২৩ in Bangla; in English as it always was (123). */
export const formatNumber = (value: number, language: string = i18n.language) =>
  localDigits(String(value), language);
