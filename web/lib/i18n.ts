import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

// Typed keys: a t('…') call with a key missing from en.json fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
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

// Screen readers and hyphenation follow <html lang>; keep it in step once Bangla arrives.
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});
