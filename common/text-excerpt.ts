/** The blog card's preview length (SPEC §9: cut at 100 characters). */
export const BLOG_EXCERPT_LENGTH = 100;

const ELLIPSIS = '…';

/**
 * The characters a person sees (grapheme clusters): a Bangla consonant with its vowel sign or
 * a conjunct, an emoji with its modifiers, each count as one and are never split. Where a
 * browser lacks Intl.Segmenter, code points are the nearest safe unit (a surrogate pair is
 * never split; a vowel sign may be).
 */
function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return Array.from(segmenter.segment(text), (part) => part.segment);
  }
  return Array.from(text);
}

/**
 * `text` as one line (paragraph breaks and runs of spaces become one space), cut to at most
 * `max` visible characters with an ellipsis when it was longer.
 */
export function excerpt(text: string, max: number = BLOG_EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // Every grapheme is at least one code unit: a text this short cannot be too long.
  if (flat.length <= max) return flat;
  const parts = graphemes(flat);
  if (parts.length <= max) return flat;
  return `${parts.slice(0, max).join('').trimEnd()}${ELLIPSIS}`;
}
