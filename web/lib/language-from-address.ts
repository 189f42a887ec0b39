import { isLanguage, type Language } from '../../common/languages.ts';
import { rememberLanguage } from './i18n.ts';

/** The address parameter the language switch sends before the app has taken the page over. */
export const LANGUAGE_PARAMETER = 'lang';

/**
 * A language picked on this page (through the address, or on the switch) that a signed-in
 * user's account has not heard of yet: the account menu, which adopts the account's language,
 * may mount after the tap (it is loaded on demand), and must then keep the tap, not undo it.
 */
let chosenOnThisPage: Language | undefined;

/**
 * Until the app has taken a prerendered page over, the language switch is a plain form
 * (web/components/language-switch.tsx): a tap loads the page again with `?lang=bn` instead of
 * being lost. Called by web/main.tsx before anything reads the language: the choice is
 * remembered as if made on the switch, and the parameter leaves the address bar.
 */
export function adoptLanguageFromAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(LANGUAGE_PARAMETER)) return;
  const { address, asked } = addressAfterLanguageTap(url, document.referrer);
  window.history.replaceState(window.history.state, '', address);
  if (!isLanguage(asked)) return;
  rememberLanguage(asked);
  chosenOnThisPage = asked;
}

/**
 * The address a tap on the form's switch came back to, without `lang`, and the language asked
 * for. A GET form replaces the page's whole query with its own (`?bloodGroup=A%2B` becomes
 * `?lang=bn`), so when `lang` was all there was, the query is taken back from the page the tap
 * was made on: the referrer, which our Referrer-Policy (strict-origin-when-cross-origin) gives
 * whole for a page of ours. Only from the same page (origin and path): anything else is another
 * page's query.
 */
export function addressAfterLanguageTap(
  url: URL,
  referrer: string,
): { address: string; asked: string | null } {
  const address = new URL(url);
  const asked = address.searchParams.get(LANGUAGE_PARAMETER);
  address.searchParams.delete(LANGUAGE_PARAMETER);
  const from = parsedAddress(referrer);
  if (
    address.search === '' &&
    from &&
    from.origin === address.origin &&
    from.pathname === address.pathname
  ) {
    from.searchParams.delete(LANGUAGE_PARAMETER);
    address.search = from.search;
  }
  return { address: address.href, asked };
}

/** An address, or undefined for none ('' when the browser gives no referrer). */
function parsedAddress(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** A tap on the language switch (web/components/language-switch.tsx). */
export function noteLanguageChosen(language: Language): void {
  chosenOnThisPage = language;
}

/**
 * The language chosen on this page (through the address or on the switch), once: a signed-in
 * user's account keeps it (web/features/users/language.api.ts) rather than overriding it.
 */
export function takeLanguageChosenOnThisPage(): Language | undefined {
  const language = chosenOnThisPage;
  chosenOnThisPage = undefined;
  return language;
}

/**
 * A session started on this page (sign-in, sign-up) means the choice was a visitor's: it stays
 * in this browser only, and the account's language wins at sign-in.
 */
export function forgetLanguageChosenOnThisPage(): void {
  chosenOnThisPage = undefined;
}
