import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setLanguage as setLanguageEndpoint } from '../../../common/contract/users.contract.ts';
import { isLanguage, type Language } from '../../../common/languages.ts';
import { request } from '../../lib/api.ts';
import { currentLanguage, onLanguageChosen, setLanguage } from '../../lib/i18n.ts';
import { takeLanguageChosenOnThisPage } from '../../lib/language-from-address.ts';
import { meQueryOptions } from './users.api.ts';

/** PUT /api/users/me/language: the signed-in user's language, for the app and their emails. */
export function saveLanguage(language: Language): Promise<undefined> {
  return request(setLanguageEndpoint, { json: { language } });
}

/** The user whose language this page has already taken (once per sign-in, not per render). */
let adoptedFor: string | undefined;

/**
 * On sign-in (or a page opened signed in), the language stored on the account wins over this
 * browser's: a user's choice follows them to another browser. Just after registration the
 * account has no choice of its own yet, so the browser's is stored on it instead
 * (`keepBrowserLanguageFor`). Mounted with the account menu, which only a member's page loads.
 */
export function useAccountLanguage(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (adoptedFor === userId) return;
    adoptedFor = userId;
    // Picked on this page before the menu came (through the address before the app had taken
    // the page over, or on the switch): a choice, the account's now.
    const chosen = takeLanguageChosenOnThisPage();
    if (chosen) {
      saveLanguage(chosen).catch(() => undefined);
      return;
    }
    queryClient
      .fetchQuery(meQueryOptions)
      .then((me) => {
        // Picked on the switch while the account's answer was on its way: the tap wins (and the
        // listener below has saved it on the account).
        if (takeLanguageChosenOnThisPage()) return;
        if (isLanguage(me.language) && me.language !== currentLanguage()) {
          return setLanguage(me.language);
        }
      })
      .catch(() => undefined); // Not fatal: the page stays in the browser's language.
  }, [queryClient, userId]);

  // A language picked on the switch is the account's from now on (and its emails').
  useEffect(
    () =>
      onLanguageChosen((language) => {
        // Not fatal: the page has switched; the account keeps its former choice.
        saveLanguage(language).catch(() => undefined);
      }),
    [],
  );
}

/** After a registration: the new account takes the language the form was filled in. */
export async function keepBrowserLanguageFor(userId: string | undefined) {
  adoptedFor = userId;
  await saveLanguage(currentLanguage()).catch(() => undefined);
}
