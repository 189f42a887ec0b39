import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import type enScreens from '../locales/en.screens.json';

// Two files: en.json holds what the first load draws (navigation, footer, the home page with its
// contact form, errors); en.screens.json the strings of every other screen, fetched with that
// screen's code (`withScreenStrings`, at every lazy boundary but the contact form's), so a
// visitor's first load does not carry them. Nothing already drawn redraws when they arrive:
// tests/e2e/bundle-budget.spec.ts checks that the first load uses en.json's strings only.
// Typed keys: a t('…') call with a key in neither file fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof enScreens };
  }
}

export const i18n = i18next;

// Synchronous init (resources are bundled), so the first render already has its text.
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false }, // React escapes already.
  initAsync: false,
});

let screenStrings: Promise<void> | undefined;

/** Fetches en.screens.json once and adds it to the strings. */
export function loadScreenStrings(): Promise<void> {
  if (!screenStrings) {
    screenStrings = import('../locales/en.screens.json').then(({ default: strings }) => {
      i18n.addResourceBundle('en', 'translation', strings, true, true);
    });
    // A failed download (offline) may be tried again by the next screen.
    screenStrings.catch(() => {
      screenStrings = undefined;
    });
  }
  return screenStrings;
}

/** A lazily loaded screen's code, resolved once the screen's strings are there too. */
export async function withScreenStrings<M>(load: Promise<M>): Promise<M> {
  const [module] = await Promise.all([load, loadScreenStrings()]);
  return module;
}

// Screen readers and hyphenation follow <html lang>; keep it in step once Bangla arrives.
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});
