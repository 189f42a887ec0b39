import { isLanguage, type Language } from '../../common/languages.ts';
import { rememberLanguage } from './i18n.ts';

/** The address parameter the language switch sends before the app has taken the page over. */
export const LANGUAGE_PARAMETER = 'lang';

let chosenFromAddress: Language | undefined;

/**
 * Until the app has taken a prerendered page over, the language switch is a plain form
 * (web/components/language-switch.tsx): a tap loads the page again with `?lang=bn` instead of
 * being lost. Called by web/main.tsx before anything reads the language: the choice is
 * remembered as if made on the switch, and the parameter leaves the address bar.
 */
export function adoptLanguageFromAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(LANGUAGE_PARAMETER)) return;
  const asked = url.searchParams.get(LANGUAGE_PARAMETER);
  url.searchParams.delete(LANGUAGE_PARAMETER);
  window.history.replaceState(window.history.state, '', url);
  if (!isLanguage(asked)) return;
  rememberLanguage(asked);
  chosenFromAddress = asked;
}

/**
 * The language chosen through the address on this page load, once: a signed-in user's account
 * keeps it (web/features/users/language.api.ts), as it keeps a choice made on the switch.
 */
export function takeLanguageChosenFromAddress(): Language | undefined {
  const language = chosenFromAddress;
  chosenFromAddress = undefined;
  return language;
}

/**
 * A session started on this page (sign-in, sign-up) means the choice was a visitor's: it stays
 * in this browser only, and the account's language wins at sign-in as after a tap on the switch.
 */
export function forgetLanguageChosenFromAddress(): void {
  chosenFromAddress = undefined;
}
