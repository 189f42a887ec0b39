import { describe, expect, it } from 'vitest';
import { periodRows } from './period.ts';

// Issue 29 (decision 034): a period reads its whole months from the month rows and only the
// days around them from the day rows, so a year reads a bounded number of rows.

describe('the rows a period reads', () => {
  it('a calendar year: twelve month rows, no day rows', () => {
    expect(periodRows('2026-01-01', '2026-12-31')).toEqual({
      months: ['2026-01', '2026-12'],
      days: [],
    });
  });

  it('a year from the middle of a month: the whole months between, and the days at each end', () => {
    expect(periodRows('2025-11-29', '2026-11-28')).toEqual({
      months: ['2025-12', '2026-10'],
      days: [
        ['2025-11-29', '2025-11-30'],
        ['2026-11-01', '2026-11-28'],
      ],
    });
  });

  it('within one month, or across two without a whole one: days only', () => {
    expect(periodRows('2026-03-05', '2026-03-20')).toEqual({
      months: null,
      days: [['2026-03-05', '2026-03-20']],
    });
    expect(periodRows('2026-02-10', '2026-03-20')).toEqual({
      months: null,
      days: [['2026-02-10', '2026-03-20']],
    });
  });

  it('knows the ends of months, February of a leap year included', () => {
    expect(periodRows('2028-02-01', '2028-02-29')).toEqual({
      months: ['2028-02', '2028-02'],
      days: [],
    });
    expect(periodRows('2027-12-01', '2028-01-31').months).toEqual(['2027-12', '2028-01']);
  });
});
