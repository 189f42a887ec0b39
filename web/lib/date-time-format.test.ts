import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-time-format.ts';

describe('dateTimeFormat', () => {
  it('makes one formatter per locale and options, and never gives one for other options', () => {
    const date = dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(date);
    const at = new Date('2026-11-27T22:30:00Z');
    expect(date.format(at)).toBe('Nov 27, 2026');
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'Asia/Dhaka' }).format(at)).toBe(
      'Nov 28, 2026',
    );
    expect(dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(at)).toBe(
      'November 27, 2026',
    );
    expect(dateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(at)).toBe(
      '27 Nov 2026',
    );
  });
});
