import { describe, expect, it } from 'vitest';
import { formatBlogDate, formatBlogTime, ordinal } from './blog-date.ts';

describe("a blog's date ('MMM Do YY') and short time", () => {
  it('writes ordinals as people read them', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });

  it('formats the date and time in the given time zone', () => {
    // 2025-06-10 20:15 UTC is already June 11th, 2:15 AM in Dhaka (UTC+6).
    const at = new Date('2025-06-10T20:15:00Z');
    expect(formatBlogDate(at, 'UTC')).toBe('Jun 10th 25');
    expect(formatBlogDate(at, 'Asia/Dhaka')).toBe('Jun 11th 25');
    expect(formatBlogTime(at, 'UTC')).toMatch(/^8:15\sPM$/);
    expect(formatBlogTime(at, 'Asia/Dhaka')).toMatch(/^2:15\sAM$/);
  });

  it('writes a two-digit year', () => {
    expect(formatBlogDate(new Date('2003-01-02T06:00:00Z'), 'UTC')).toBe('Jan 2nd 03');
  });
});
