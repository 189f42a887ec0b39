import { useTranslation } from 'react-i18next';
import type { Language } from '../../common/languages.ts';
import { currentLanguage, setLanguage } from '../lib/i18n.ts';
import { LANGUAGE_PARAMETER, noteLanguageChosen } from '../lib/language-from-address.ts';

// The label's own four letters (web/styles.css, inlined in the stylesheet): the word is drawn on
// every page, also where the device has no Bengali font, without the whole Bengali font.
const LABEL_FONT = '"RedHope Bangla Label", ui-sans-serif, system-ui, sans-serif';

// Each language named in itself, so a reader finds theirs whatever is on screen now.
const choices: { language: Language; label: string }[] = [
  { language: 'en', label: 'English' },
  { language: 'bn', label: 'বাংলা' },
];

/**
 * English / বাংলা (issue 16): two toggle buttons, so a screen reader hears which one is on.
 * The choice is remembered in this browser and, for a signed-in user, on their account (it is
 * the language of their emails too). Nothing here calls the API: the switch is on every page's
 * first load, and the account's side comes with the account menu, loaded for members only.
 * Until the app has taken the prerendered page over, the buttons submit a plain GET form: the
 * page loads again with `?lang=…` (web/lib/language-from-address.ts), so an early tap on a slow
 * phone is not lost; once taken over, a tap switches in place.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const shown = currentLanguage();

  const choose = async (language: Language) => {
    if (language === shown) return;
    // The account menu may come after this tap; it must keep the tap, not adopt the account's.
    noteLanguageChosen(language);
    try {
      // A signed-in user's account hears of it too (useAccountLanguage, with the account menu).
      await setLanguage(language, { chosen: true });
    } catch {
      // The dialogs' code only when needed: the switch is on every page's first load.
      const { errorDialog } = await import('../lib/dialogs.ts');
      await errorDialog(t('errors.title'), t('errors.generic'));
    }
  };

  return (
    <form method="get" className="contents">
      <fieldset
        aria-label={t('nav.language')}
        className={`inline-flex shrink-0 rounded-md border border-gray-300 p-0.5 ${className}`}
      >
        {choices.map(({ language, label }) => (
          <button
            key={language}
            type="submit"
            name={LANGUAGE_PARAMETER}
            value={language}
            lang={language}
            aria-pressed={language === shown}
            onClick={(event) => {
              event.preventDefault();
              void choose(language);
            }}
            className={`rounded px-2 py-1 text-sm font-medium transition-colors ${
              language === shown ? 'bg-red-600 text-white' : 'text-gray-700 hover:bg-gray-100'
            }`}
            // Our whole Bengali font (unicode-range) would otherwise be downloaded by every page.
            style={language === 'bn' ? { fontFamily: LABEL_FONT } : undefined}
          >
            {label}
          </button>
        ))}
      </fieldset>
    </form>
  );
}
