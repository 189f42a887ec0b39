import { describe, expect, it } from 'vitest';
import { cardExcerpt, paragraphs } from './blog-format.ts';

describe('the blog card and page text', () => {
  it('cuts the card text at 100 characters, English and Bangla alike', () => {
    expect(cardExcerpt('a'.repeat(150))).toBe(`${'a'.repeat(100)}…`);
    const bangla = `আ${'কি'.repeat(150)}`;
    expect(cardExcerpt(bangla)).toBe(`আ${'কি'.repeat(99)}…`);
    expect(cardExcerpt('Short.')).toBe('Short.');
  });

  it('splits content into paragraphs on empty lines, keeping single line breaks', () => {
    expect(paragraphs('One\nstill one\n\nTwo\n \nThree\n\n\n')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
  });
});
