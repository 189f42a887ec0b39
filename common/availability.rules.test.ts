import { describe, expect, it } from 'vitest';
import { textOf } from '../server/lib/messages.ts';
import {
  availableAgainOn,
  isAvailable,
  PAUSED_INDEFINITELY,
  pauseEndsAt,
} from './availability.rules.ts';
import { availabilitySchema } from './availability.schema.ts';
import { addDays, todayInDhaka } from './dhaka-date.ts';

describe('availability (the donor’s own pause)', () => {
  it('a donor who never paused is available', () => {
    expect(isAvailable(null)).toBe(true);
    expect(availableAgainOn(null)).toBeNull();
  });

  it('a pause until a date ends by itself as that day begins in Dhaka', () => {
    const ends = pauseEndsAt('2026-03-05');
    expect(ends).toBe('2026-03-04T18:00:00.000Z');
    const before = new Date('2026-03-04T17:59:59.999Z');
    const at = new Date('2026-03-04T18:00:00.000Z');
    expect(isAvailable(ends, before)).toBe(false);
    expect(availableAgainOn(ends, before)).toBe('2026-03-05');
    expect(isAvailable(ends, at)).toBe(true);
    expect(availableAgainOn(ends, at)).toBeNull();
  });

  it('a pause until further notice does not end by itself', () => {
    expect(isAvailable(PAUSED_INDEFINITELY, new Date('2999-01-01T00:00:00Z'))).toBe(false);
    expect(availableAgainOn(PAUSED_INDEFINITELY)).toBeNull();
  });

  it('accepts a date after today, within a year, or no date; refuses the rest plainly', () => {
    const today = todayInDhaka();
    expect(availabilitySchema.parse({ available: true })).toEqual({ available: true });
    expect(availabilitySchema.parse({ available: false, until: addDays(today, 1) })).toEqual({
      available: false,
      until: addDays(today, 1),
    });
    expect(availabilitySchema.parse({ available: false, until: null }).available).toBe(false);
    const message = (body: unknown) =>
      textOf('en', availabilitySchema.safeParse(body).error?.issues[0]?.message ?? '');
    expect(message({ available: false, until: today })).toBe(
      'The date you are available again must be after today',
    );
    expect(message({ available: false, until: addDays(today, 366) })).toMatch(/within 365 days/);
    expect(message({ available: false, until: '2026-02-30' })).toBe(
      'Please choose the date you are available again',
    );
    expect(message({ available: 'maybe' })).toBe(
      'Please say whether you are available (true or false)',
    );
    expect(availabilitySchema.safeParse({ available: true, until: null }).success).toBe(false);
  });
});
