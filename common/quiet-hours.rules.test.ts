import { describe, expect, it } from 'vitest';
import { isQuietHour, quietHoursEnd } from './quiet-hours.rules.ts';

// Dhaka is UTC+6: 22:00 there is 16:00 UTC, 07:00 is 01:00 UTC.
describe('quiet hours, 22:00–07:00 in Dhaka', () => {
  it.each([
    ['2026-03-10T15:59:59Z', false], // 21:59:59 Dhaka
    ['2026-03-10T16:00:00Z', true], // 22:00
    ['2026-03-10T18:00:00Z', true], // 00:00
    ['2026-03-11T00:59:59Z', true], // 06:59:59
    ['2026-03-11T01:00:00Z', false], // 07:00
    ['2026-03-11T06:00:00Z', false], // 12:00
  ])('at %s: %s', (iso, quiet) => {
    expect(isQuietHour(new Date(iso))).toBe(quiet);
  });

  it('ends at the next 07:00 in Dhaka, before and after midnight', () => {
    expect(quietHoursEnd(new Date('2026-03-10T16:30:00Z')).toISOString()).toBe(
      '2026-03-11T01:00:00.000Z',
    );
    expect(quietHoursEnd(new Date('2026-03-10T19:00:00Z')).toISOString()).toBe(
      '2026-03-11T01:00:00.000Z',
    );
    // 23:30 on the last day of a month.
    expect(quietHoursEnd(new Date('2026-03-31T17:30:00Z')).toISOString()).toBe(
      '2026-04-01T01:00:00.000Z',
    );
    const day = new Date('2026-03-11T05:00:00Z');
    expect(quietHoursEnd(day)).toBe(day);
  });
});
