import { formatBlogDate, formatBlogTime } from '../../../common/blog-date.ts';
import { excerpt } from '../../../common/text-excerpt.ts';

/** The card's preview: the content cut to 100 visible characters, with an ellipsis. */
export const cardExcerpt = (content: string) => excerpt(content);

/** 'MMM Do YY' and a short time, in the reader's own time zone. */
export function blogDateTime(createdAt: string) {
  const at = new Date(createdAt);
  return { date: formatBlogDate(at), time: formatBlogTime(at) };
}

/** Paragraphs are separated by an empty line; lines inside one keep their breaks. */
export const paragraphs = (content: string) =>
  content
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
