import { afterAll, describe, expect, it } from 'vitest';
import { formatDonationDate, joinPlace } from '../features/requests/request-format.ts';
import { banglaTime, formatInstant } from './format-instant.ts';
import { formatNumber, i18n, localDigits, placeName, setLanguage } from './i18n.ts';

// Issue 16: in Bangla, numbers in Bangla digits and places by their Bangla names; English as
// it always was.

describe('the language switch, in the module', () => {
  afterAll(() => setLanguage('en'));

  it('keeps English numbers and places as they were', () => {
    expect(formatNumber(2026)).toBe('2026');
    expect(placeName('Khulna')).toBe('Khulna');
    expect(i18n.t('pagination.page' as never, { page: 2, pages: 10 })).not.toMatch(/[০-৯]/);
  });

  it('fetches Bangla when chosen: texts, digits, dates, times and places', async () => {
    await setLanguage('bn');
    expect(i18n.language).toBe('bn');
    expect(i18n.t('nav.home')).toBe('হোম');
    expect(formatNumber(2026)).toBe('২০২৬');
    expect(localDigits('10:30')).toBe('১০:৩০');
    // {{numbers}} inside texts too (the footer's year, page x of y).
    expect(i18n.t('footer.copyright', { year: 2026 })).toContain('২০২৬');
    expect(formatDonationDate('2026-03-01')).toMatch(/^১ মার্চ, ২০২৬$/);
    expect(banglaTime(new Date('1970-01-01T10:30:00Z'), 'UTC')).toBe('সকাল ১০:৩০');
    // Each time zone its own formatter, though they are kept (Dhaka is UTC+6).
    expect(banglaTime(new Date('1970-01-01T10:30:00Z'), 'Asia/Dhaka')).toBe('বিকাল ৪:৩০');
    expect(banglaTime(new Date('1970-01-01T10:30:00Z'), 'UTC')).toBe('সকাল ১০:৩০');
    // Notifications, reports, the audit log and the inbox: no Latin AM or PM, no ASCII digit.
    const instant = formatInstant('2026-11-27T04:30:00Z');
    expect(instant).not.toMatch(/[0-9]|AM|PM/);
    expect(instant).toContain('২০২৬');
    expect(placeName('Chattogram')).toBe('চট্টগ্রাম');
    expect(placeName('Jashore Sadar')).toBe('যশোর সদর');
    expect(placeName('Nowhere')).toBe('Nowhere');
    expect(joinPlace('Khulna', 'Jashore', null)).toBe('খুলনা, যশোর');
  });

  it('switches back to English', async () => {
    await setLanguage('en');
    expect(i18n.t('nav.home')).toBe('Home');
    expect(formatNumber(12)).toBe('12');
    expect(placeName('Khulna')).toBe('Khulna');
  });
});
