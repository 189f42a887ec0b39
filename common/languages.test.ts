import { describe, expect, it } from 'vitest';
import { digitsIn, languageFromHeader } from './languages.ts';

describe('languageFromHeader', () => {
  it('takes the first language RedHope speaks, by preference', () => {
    expect(languageFromHeader('bn-BD,bn;q=0.9,en;q=0.8')).toBe('bn');
    expect(languageFromHeader('en-US,en;q=0.9,bn;q=0.8')).toBe('en');
    expect(languageFromHeader('fr;q=0.9,bn;q=0.5')).toBe('bn');
    expect(languageFromHeader('en;q=0.2,bn;q=0.7')).toBe('bn');
  });

  it('falls back to English for nothing, nonsense or only other languages', () => {
    expect(languageFromHeader(undefined)).toBe('en');
    expect(languageFromHeader('')).toBe('en');
    expect(languageFromHeader('fr-FR,de')).toBe('en');
    expect(languageFromHeader('bn;q=0')).toBe('en');
    expect(languageFromHeader(';;,,q=x')).toBe('en');
  });
});

describe('digitsIn', () => {
  it('writes Bangla digits in Bangla and leaves English and other text as it is', () => {
    expect(digitsIn('bn', 'ward 12, 10:30')).toBe('ward ১২, ১০:৩০');
    expect(digitsIn('en', 'ward 12, 10:30')).toBe('ward 12, 10:30');
  });
});
