import { validation } from '../../common/locales/messages.en.json';
import { parseMessage } from '../../common/message-key.ts';
import { i18n } from './i18n.ts';

// The shared schemas' messages are keys (issue 16, common/message-key.ts): this turns one into
// words in the page's language. The catalogs are i18next's `messages` namespace. English comes
// with the first load, and only its `validation` group (what a form in the browser can say; the
// home page's contact form needs it): the server writes its own answers in the caller's
// language already. Bangla is fetched once, when the page turns Bangla.

const NAMESPACE = 'messages';
i18n.addResourceBundle('en', NAMESPACE, { validation }, true, true);

let bangla: Promise<void> | undefined;

/** Fetches the Bangla messages once (again after a failed download). */
export function loadBanglaMessages(): Promise<void> {
  if (!bangla) {
    bangla = import('../../common/locales/messages.bn.json').then((catalog) => {
      i18n.addResourceBundle('bn', NAMESPACE, { validation: catalog.validation }, true, true);
    });
    bangla.catch(() => {
      bangla = undefined;
    });
  }
  return bangla;
}

if (i18n.language === 'bn') void loadBanglaMessages();
i18n.on('languageChanged', (language) => {
  if (language === 'bn') void loadBanglaMessages();
});

// The namespace is added here, not in the typed resources: its keys are checked by
// common/locales/messages.test.ts instead.
const translate = i18n.t as unknown as (key: string, options: Record<string, unknown>) => string;

/**
 * The words of a message: a key from the shared schemas (with its values) in the page's
 * language, English while Bangla is still on its way; any other text (a server's answer, already
 * in the caller's language) as it is.
 */
export function messageText(message: string): string;
export function messageText(message: string | undefined): string | undefined;
export function messageText(message: string | undefined): string | undefined {
  if (!message) return message;
  const parsed = parseMessage(message);
  if (!parsed) return message;
  return translate(parsed.key, { ns: NAMESPACE, ...parsed.params, defaultValue: message });
}
