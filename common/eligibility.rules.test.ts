import { describe, expect, it } from 'vitest';
import { eligibleAgainOn, isEligible } from './eligibility.rules.ts';

const now = new Date('2026-11-21T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describe('eligibility', () => {
  it('a donor who never donated is eligible', () => {
    expect(isEligible(null, 120, now)).toBe(true);
    expect(eligibleAgainOn(null, 120)).toBeNull();
  });

  it('is not eligible within the interval, and eligible from its last day on', () => {
    expect(isEligible(daysAgo(0), 120, now)).toBe(false);
    expect(isEligible(daysAgo(119), 120, now)).toBe(false);
    expect(isEligible(daysAgo(120), 120, now)).toBe(true);
    expect(isEligible(daysAgo(121), 120, now)).toBe(true);
    expect(isEligible(daysAgo(400), 120, now)).toBe(true);
  });

  it('tells the day eligibility returns', () => {
    expect(eligibleAgainOn('2026-01-01T00:00:00.000Z', 120)?.toISOString()).toBe(
      '2026-05-01T00:00:00.000Z',
    );
  });
});
