import { describe, expect, it } from 'vitest';
import { todayInDhaka } from './dhaka-date.ts';

describe('todayInDhaka', () => {
  it('turns at midnight in Dhaka (18:00 UTC), to the millisecond, whatever was asked before', () => {
    expect(todayInDhaka(new Date('2025-03-01T17:59:59.999Z'))).toBe('2025-03-01');
    expect(todayInDhaka(new Date('2025-03-01T18:00:00.000Z'))).toBe('2025-03-02');
    expect(todayInDhaka(new Date('2025-03-01T17:59:00.000Z'))).toBe('2025-03-01');
    // The same minute again, then another day, then back: each answer is for its own time.
    expect(todayInDhaka(new Date('2025-03-01T17:59:30.000Z'))).toBe('2025-03-01');
    expect(todayInDhaka(new Date('2030-12-31T18:00:01.000Z'))).toBe('2031-01-01');
    expect(todayInDhaka(new Date('2025-03-01T17:59:30.000Z'))).toBe('2025-03-01');
  });
});
