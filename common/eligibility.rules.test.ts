import { describe, expect, it } from 'vitest';
import type { BloodComponent } from './constants.ts';
import {
  componentToRecord,
  eligibleAgainAfter,
  eligibleAgainOn,
  intervalAfter,
  isEligible,
  type LastDonation,
} from './eligibility.rules.ts';

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

// Issue 27: the rest after a donation depends on what was given (decision 031).
const intervals = { whole_blood: 120, red_cells: 120, platelets: 14, plasma: 28 } as const;

describe('eligibility by component', () => {
  it('rests each component its own interval; an unknown kind counts as whole blood', () => {
    expect(intervalAfter('whole_blood', intervals)).toBe(120);
    expect(intervalAfter('red_cells', intervals)).toBe(120);
    expect(intervalAfter('platelets', intervals)).toBe(14);
    expect(intervalAfter('plasma', intervals)).toBe(28);
    expect(intervalAfter(null, intervals)).toBe(120);
  });

  it('tells the day a donor may give again from the kind of their last donation', () => {
    const date = '2026-01-01T00:00:00.000Z';
    const again = (component: BloodComponent | null) =>
      eligibleAgainAfter({ date, component }, intervals)?.toISOString();
    expect(again('platelets')).toBe('2026-01-15T00:00:00.000Z');
    expect(again('plasma')).toBe('2026-01-29T00:00:00.000Z');
    expect(again('red_cells')).toBe('2026-05-01T00:00:00.000Z');
    expect(again(null)).toBe('2026-05-01T00:00:00.000Z');
    expect(eligibleAgainAfter({ date: null, component: null }, intervals)).toBeNull();
  });

  it('records the new kind, unless an earlier donation still rests the donor longer', () => {
    const record = (previous: LastDonation, given: BloodComponent) =>
      componentToRecord(previous, given, now, intervals);
    expect(record({ date: null, component: null }, 'platelets')).toBe('platelets');
    // Whole blood 200 days ago: rested; platelets now count as platelets.
    expect(record({ date: daysAgo(200), component: null }, 'platelets')).toBe('platelets');
    // Whole blood 30 days ago, 90 more to rest: platelets now must not shorten that to 14.
    expect(record({ date: daysAgo(30), component: 'whole_blood' }, 'platelets')).toBe(
      'whole_blood',
    );
    expect(record({ date: daysAgo(30), component: null }, 'plasma')).toBeNull();
    // Platelets 3 days ago, whole blood now: whole blood's own rest is the longer.
    expect(record({ date: daysAgo(3), component: 'platelets' }, 'whole_blood')).toBe('whole_blood');
    // Plasma 20 days ago (8 more), platelets now (14): platelets.
    expect(record({ date: daysAgo(20), component: 'plasma' }, 'platelets')).toBe('platelets');
  });
});
