import { useEffect, useState } from 'react';
import type { Language } from '../../common/languages.ts';
import { parseMessage } from '../../common/message-key.ts';
import { currentLanguage, i18n, once } from './i18n.ts';

// The shared schemas' messages are keys (issue 16, common/message-key.ts): this turns one into
// words in the page's language. The catalogs' `validation` group (what a form in the browser can
// say) is i18next's `messages` namespace, fetched the first time a form has something to say, in
// the page's language: no page load carries it (tests/e2e/page-load-budget.spec.ts), and a form
// shows its first message a moment later. The server writes its own answers in the caller's
// language already, so they are shown as they come.

const NAMESPACE = 'messages';

const catalogs: Record<Language, () => Promise<{ validation: object }>> = {
  en: () => import('../../common/locales/messages.en.json'),
  bn: () => import('../../common/locales/messages.bn.json'),
};
const loaders: Record<Language, () => Promise<void>> = {
  en: once(() => addMessages('en')),
  bn: once(() => addMessages('bn')),
};
let spoken = false;

async function addMessages(language: Language) {
  const { validation } = await catalogs[language]();
  i18n.addResourceBundle(language, NAMESPACE, { validation }, true, true);
}

/** Fetches a language's messages once (again after a failed download). */
export function loadMessages(language: Language): Promise<void> {
  spoken = true;
  return loaders[language]();
}

const hasMessages = (language: Language) => i18n.hasResourceBundle(language, NAMESPACE);

// Once a form has spoken, a switch to Bangla fetches Bangla at once.
i18n.on('languageChanged', (language) => {
  if (language === 'bn' && spoken) void loadMessages('bn');
});

// The namespace is added at run time, not in the typed resources: its keys are checked by
// common/locales/messages.test.ts instead.
const translate = i18n.t as unknown as (key: string, options: Record<string, unknown>) => string;

/**
 * The words of a message: a key from the shared schemas (with its values) in the page's
 * language; any other text (a server's answer) as it is. A key whose catalog has not arrived yet
 * is undefined: components use `useMessageText`, which fetches it and draws again.
 */
export function messageText(message: string | undefined): string | undefined {
  if (!message) return message;
  const parsed = parseMessage(message);
  if (!parsed) return message;
  if (!hasMessages(currentLanguage())) return undefined;
  return translate(parsed.key, { ns: NAMESPACE, ...parsed.params, defaultValue: message });
}

/** `messageText` for a component: fetches the page language's messages when needed, then redraws. */
export function useMessageText(message: string | undefined): string | undefined {
  const [, setArrived] = useState(0);
  const language = currentLanguage();
  const waiting =
    message !== undefined && parseMessage(message) !== undefined && !hasMessages(language);
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    loadMessages(language).then(
      () => current && setArrived((n) => n + 1),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [waiting, language]);
  return messageText(message);
}
