import type messagesEn from './locales/messages.en.json';

// Issue 16: the shared schemas and the server say *which* message, not its words. A message is
// a key of common/locales/messages.<language>.json, optionally with values for its {{names}}:
//
//   msg('validation.name.required')                    → "validation.name.required"
//   msg('validation.blog.titleTooLong', { max: 150 })  → 'validation.blog.titleTooLong|{"max":150}'
//
// That one string travels where a message used to (a zod issue's `message`, an AppError, a
// field of `details`); the server turns it into the caller's language before it answers
// (server/lib/messages.ts) and the web through i18next (web/lib/message-text.ts). Keys are
// grouped: `validation.*` (the shared schemas, shown by the web forms too), `errors.*` (the
// server's refusals), `email.*` (what the server sends) and `share.*` (a shared link's preview
// for crawlers). See docs/api.md, "Languages".

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the catalogs (messages.en.json is the reference: a key not in it is a type error). */
export type MessageKey = Leaves<typeof messagesEn>;

/** The values a message's {{placeholders}} take; one named `…Message` is a message (from `msg`). */
export type MessageParams = Record<string, string | number>;

/** A message key with its values, as one string that can stand where a message text stood. */
export function msg(key: MessageKey, params?: MessageParams): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

const MESSAGE = /^((?:validation|errors|email|share)(?:\.[A-Za-z0-9_]+)+)(?:\|(\{.*\}))?$/s;

/** The key and values `text` carries, or undefined when it is plain text (not from `msg`). */
export function parseMessage(text: string): { key: string; params: MessageParams } | undefined {
  const match = MESSAGE.exec(text);
  if (!match?.[1]) return undefined;
  if (!match[2]) return { key: match[1], params: {} };
  try {
    const params: unknown = JSON.parse(match[2]);
    if (params && typeof params === 'object' && !Array.isArray(params)) {
      return { key: match[1], params: params as MessageParams };
    }
  } catch {
    // not ours: plain text that happens to look like a key
  }
  return undefined;
}
