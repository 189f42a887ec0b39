import { describe, expect, it } from 'vitest';
import { initials } from '../../components/user-avatar.tsx';
import { formatDonationDate, formatDonationTime, joinPlace, sameEmail } from './request-format.ts';

describe('formatting what people read', () => {
  it('shows a donation date as the hospital wrote it, whatever the browser time zone', () => {
    // Wall-clock values: 1 March stays 1 March even where it is still 28 February in UTC-12.
    expect(formatDonationDate('2026-03-01')).toMatch(/Mar 1, 2026|1 Mar 2026/);
    expect(formatDonationTime('09:15')).toMatch(/9:15/);
  });

  it('writes English dates and times exactly as Intl does, without making a formatter', () => {
    // The English path skips Intl for speed (request-format.ts); it must never read differently.
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short', timeZone: 'UTC' });
    for (let day = Date.UTC(2020, 0, 1); day < Date.UTC(2032, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      expect(formatDonationDate(iso)).toBe(date.format(new Date(day)));
    }
    for (const iso of ['1000-01-01', '9999-12-31', '0999-12-31', '0001-01-01']) {
      expect(formatDonationDate(iso)).toBe(date.format(new Date(`${iso}T00:00:00Z`)));
    }
    for (let minute = 0; minute < 24 * 60; minute++) {
      const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      expect(formatDonationTime(hhmm)).toBe(time.format(new Date(`1970-01-01T${hhmm}:00Z`)));
    }
  });

  it('leaves a value it cannot read as it is, rather than "Invalid Date"', () => {
    expect(formatDonationDate('soon')).toBe('soon');
    expect(formatDonationTime('morning')).toBe('morning');
  });

  it('joins places, skipping what is missing', () => {
    expect(joinPlace('Khulna', 'Jashore', null)).toBe('Khulna, Jashore');
    expect(joinPlace(undefined, 'Jashore')).toBe('Jashore');
  });

  it('compares emails without case, and never matches a missing one', () => {
    expect(sameEmail('Rahim@Example.org', 'rahim@example.org')).toBe(true);
    expect(sameEmail(null, null)).toBe(false);
  });

  it('makes initials from the first two names, in any script', () => {
    expect(initials('Rahim Uddin Ahmed')).toBe('RU');
    expect(initials('  salma  ')).toBe('S');
    expect(initials('রহিম উদ্দিন')).toBe('রউ');
  });
});
