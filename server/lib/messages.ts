import type { Context } from 'hono';
import { z } from 'zod';
import { digitsIn, type Language, languageFromHeader } from '../../common/languages.ts';
import bn from '../../common/locales/messages.bn.json' with { type: 'json' };
import en from '../../common/locales/messages.en.json' with { type: 'json' };
import {
  type MessageKey,
  type MessageParams,
  msg,
  parseMessage,
} from '../../common/message-key.ts';

// The server's words in each language (issue 16): every message a person may read — a refusal,
// a field's validation message, an email — is a key of common/locales/messages.*.json (see
// common/message-key.ts), turned into text here, in the language of whoever reads it.

type Catalog = { [key: string]: string | Catalog };
const CATALOGS: Record<Language, Catalog> = { en, bn };

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Whether the catalogs hold `key` (better-auth's codes are looked up this way). */
export const hasMessage = (key: string) => lookup(CATALOGS.en, key) !== undefined;

function valueText(language: Language, name: string, value: string | number): string {
  if (typeof value === 'number') {
    return digitsIn(language, String(value));
  }
  // A value named `…Message` is a message itself ("in 12 minutes"), in the same language; any
  // other is text as it is (a name a person typed is never looked up).
  return name.endsWith('Message') ? textOf(language, value) : value;
}

/** The text of a key with its values, in `language` (English when that catalog lacks it). */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  return textOf(language, msg(key, params));
}

/**
 * The text a message stands for in `language`: a message from `msg` is looked up (English when
 * the language lacks it, the key itself never reaches a person unless it is in no catalog);
 * plain text is answered as it is.
 */
export function textOf(language: Language, message: string): string {
  const parsed = parseMessage(message);
  if (!parsed) return message;
  const template = lookup(CATALOGS[language], parsed.key) ?? lookup(CATALOGS.en, parsed.key);
  if (template === undefined) return message;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = parsed.params[name];
    return value === undefined ? whole : valueText(language, name, value);
  });
}

/**
 * A zod issue's message in `language`. Our schemas give every message as a key; an issue zod
 * wrote itself (a check without our message) is left in English, as it always was, and put in
 * Bangla by zod's own Bangla messages.
 */
export function issueText(language: Language, issue: z.core.$ZodIssue): string {
  if (parseMessage(issue.message)) return textOf(language, issue.message);
  if (language === 'en') return issue.message;
  const bangla = z.locales.bn().localeError(issue as unknown as z.core.$ZodRawIssue);
  const text = typeof bangla === 'string' ? bangla : bangla?.message;
  return text ?? translate(language, 'validation.invalid');
}

/** "in 12 minutes", "in 40 seconds", "in 1 hour": when a window ends, as a message. */
export function retryIn(seconds: number): string {
  if (seconds >= 3600) {
    const count = Math.ceil(seconds / 3600);
    return msg(count === 1 ? 'errors.retry.hour' : 'errors.retry.hours', { count });
  }
  if (seconds >= 60) {
    const count = Math.ceil(seconds / 60);
    return msg(count === 1 ? 'errors.retry.minute' : 'errors.retry.minutes', { count });
  }
  return msg(seconds === 1 ? 'errors.retry.second' : 'errors.retry.seconds', { count: seconds });
}

/** Who reads an answer, for the language of its messages (set per request by callerLanguage). */
export interface LanguageSource {
  /** The signed-in caller's stored language, when there is a signed-in caller. */
  storedLanguage(c: Context): Promise<Language | undefined>;
}

/**
 * The caller's language: a signed-in user's stored choice, else the first language of their
 * Accept-Language that RedHope speaks, else English. Answers that use it say
 * `Vary: Accept-Language`.
 */
export async function callerLanguage(c: Context, source: LanguageSource): Promise<Language> {
  c.header('Vary', 'Accept-Language', { append: true });
  const stored = await source.storedLanguage(c).catch(() => undefined);
  return stored ?? languageFromHeader(c.req.header('accept-language'));
}
