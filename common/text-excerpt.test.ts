import { describe, expect, it } from 'vitest';
import { BLOG_EXCERPT_LENGTH, excerpt } from './text-excerpt.ts';

const visible = (text: string) =>
  Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)).length;

describe('excerpt: the blog card cut at 100 characters', () => {
  it('keeps a text of 100 characters or fewer whole, with no ellipsis', () => {
    const hundred = 'a'.repeat(100);
    expect(excerpt(hundred)).toBe(hundred);
    expect(excerpt('Give blood, save lives.')).toBe('Give blood, save lives.');
  });

  it('cuts English after 100 characters and adds an ellipsis', () => {
    const text = `${'Blood '.repeat(16)}donation saves lives in Khulna every day.`;
    const cut = excerpt(text);
    expect(BLOG_EXCERPT_LENGTH).toBe(100);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.slice(0, -1)).toBe(text.slice(0, 100).trimEnd());
    expect(cut.length).toBeLessThanOrEqual(101);
  });

  it('joins paragraphs into one line before cutting', () => {
    expect(excerpt('First paragraph.\n\nSecond   paragraph.')).toBe(
      'First paragraph. Second paragraph.',
    );
  });

  it('counts a Bangla letter with its vowel sign as one character and never splits it', () => {
    // "আ" then 120 × "কি" (ক + the vowel sign ি): 241 code units, 121 visible letters. Cutting
    // by code units at 100 would leave a bare ক, its vowel sign cut off.
    const text = `আ${'কি'.repeat(120)}`;
    expect(text.slice(0, 100).endsWith('ক')).toBe(true);
    const cut = excerpt(text);
    expect(cut).toBe(`আ${'কি'.repeat(99)}…`);
    expect(visible(cut.slice(0, -1))).toBe(100);
  });

  it('never ends a Bangla excerpt in a hasanta (virama) or a vowel sign', () => {
    // Conjuncts (ক্ষ, ন্ত) and vowel signs throughout; every cut must end on a whole letter.
    const text = 'রক্তদান একটি মহৎ কাজ। ক্ষুদ্র একটি উদ্যোগ অনেক জীবন বাঁচাতে পারে। '.repeat(4);
    const cut = excerpt(text);
    expect(cut.endsWith('…')).toBe(true);
    const body = cut.slice(0, -1);
    expect(text.replace(/\s+/g, ' ').startsWith(body)).toBe(true);
    expect(body).not.toMatch(/[\u09CD\u09BE-\u09CC\u0981-\u0983]$/u);
    expect(visible(body)).toBeLessThanOrEqual(100);
  });

  it('keeps an emoji with its skin tone whole', () => {
    const text = `${'x'.repeat(99)}👍🏽 and more text after it`;
    expect(excerpt(text)).toBe(`${'x'.repeat(99)}👍🏽…`);
  });
});
