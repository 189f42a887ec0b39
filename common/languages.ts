// The languages RedHope speaks (issue 16). English is the spec's text; Bangla reads naturally.

export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Where the reader's chosen language is remembered: the web app's storage key and the cookie it
 * writes beside it, by which the server sends a page in that language before the app is live
 * (server/lib/static-web.ts, web/lib/i18n.ts; decision 046).
 */
export const LANGUAGE_COOKIE = 'redhope.lang';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first language of an Accept-Language header that RedHope speaks, by the header's own
 * order of preference (q values); English when none is.
 */
export function languageFromHeader(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', quality, index };
    })
    .filter((entry) => entry.quality > 0 && !Number.isNaN(entry.quality))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** ASCII digits as `language` writes them: Bangla digits in Bangla, unchanged in English. */
export function digitsIn(language: string, text: string): string {
  return language === 'bn' ? text.replace(/[0-9]/g, (d) => BANGLA_DIGITS[Number(d)] ?? d) : text;
}
