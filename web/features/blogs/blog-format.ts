import { formatBlogDate, formatBlogTime } from '../../../common/blog-date.ts';
import { excerpt } from '../../../common/text-excerpt.ts';
import { dateTimeFormat } from '../../lib/date-time-format.ts';
import { banglaTime } from '../../lib/format-instant.ts';
import { i18n, intlLocale } from '../../lib/i18n.ts';

/** The card's preview: the content cut to 100 visible characters, with an ellipsis. */
export const cardExcerpt = (content: string) => excerpt(content);

/**
 * 'MMM Do YY' and a short time, in the reader's own time zone (SPEC §9). Bangla has no ordinal
 * suffixes: its medium date (২৭ নভে, ২০২৬) and short time, in Bangla digits.
 */
export function blogDateTime(createdAt: string, language: string = i18n.language) {
  const at = new Date(createdAt);
  if (language === 'bn') {
    return {
      date: dateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(at),
      time: banglaTime(at),
    };
  }
  return { date: formatBlogDate(at), time: formatBlogTime(at) };
}

/** Paragraphs are separated by an empty line; lines inside one keep their breaks. */
export const paragraphs = (content: string) =>
  content
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
