import { describe, expect, it } from 'vitest';
import { formatTotal } from './format-total.ts';

describe('formatTotal', () => {
  it('groups the digits of an exact total', () => {
    expect(formatTotal(0)).toBe('0');
    expect(formatTotal(7)).toBe('7');
    expect(formatTotal(999)).toBe('999');
    expect(formatTotal(12345)).toBe('12,345');
  });

  it('adds a plus when the server stopped counting', () => {
    expect(formatTotal(1000, true)).toBe('1,000+');
    expect(formatTotal(1000, false)).toBe('1,000');
  });

  it('writes Bangla digits, grouped the Bangladeshi way, in Bangla', () => {
    expect(formatTotal(12345, false, 'bn')).toBe('১২,৩৪৫');
    expect(formatTotal(1234567, true, 'bn')).toBe('১২,৩৪,৫৬৭+');
  });
});
