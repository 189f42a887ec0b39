import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import type enLists from '../locales/en.lists.json';
import type enScreens from '../locales/en.screens.json';

// Three files: en.json holds what the first load draws (navigation, footer, the home page with
// its contact form, errors); en.lists.json what the public lists add (requests, donor search,
// blogs: `withListStrings`, decision 020); en.screens.json the strings of every other screen,
// fetched with that screen's code together with en.lists.json (`withScreenStrings`), so a
// visitor's first load does not carry them. Nothing already drawn redraws when they arrive:
// tests/e2e/bundle-budget.spec.ts checks that the first load uses en.json's strings only, and the
// public lists en.json's and en.lists.json's. A section may span files (they merge deeply).
// Typed keys: a t('…') call with a key in none of the files fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof enLists & typeof enScreens };
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

const stringFiles = {
  lists: () => import('../locales/en.lists.json'),
  screens: () => import('../locales/en.screens.json'),
};
const loaded = new Map<keyof typeof stringFiles, Promise<void>>();

/** Fetches one file of strings once and adds it to the strings. */
function loadStrings(file: keyof typeof stringFiles): Promise<void> {
  let done = loaded.get(file);
  if (!done) {
    done = stringFiles[file]().then(({ default: strings }) => {
      i18n.addResourceBundle('en', 'translation', strings, true, true);
    });
    // A failed download (offline) may be tried again by the next screen.
    done.catch(() => loaded.delete(file));
    loaded.set(file, done);
  }
  return done;
}

/** Fetches the strings of every screen (en.lists.json and en.screens.json) once. */
export function loadScreenStrings(): Promise<void> {
  return Promise.all([loadStrings('lists'), loadStrings('screens')]).then(() => undefined);
}

/** A lazily loaded screen's code, resolved once the screen's strings are there too. */
export async function withScreenStrings<M>(load: Promise<M>): Promise<M> {
  const [module] = await Promise.all([load, loadScreenStrings()]);
  return module;
}

/** A public list's code (requests, donor search, blogs), resolved with en.lists.json. */
export async function withListStrings<M>(load: Promise<M>): Promise<M> {
  const [module] = await Promise.all([load, loadStrings('lists')]);
  return module;
}

// Screen readers and hyphenation follow <html lang>; keep it in step once Bangla arrives.
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});
