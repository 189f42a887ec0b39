import { banglaTime } from '../../lib/format-instant.ts';
import { i18n, intlLocale, placeName } from '../../lib/i18n.ts';

/**
 * Donation dates and times are wall-clock values at the hospital ('YYYY-MM-DD', 'HH:MM'), not
 * instants, so they are formatted in UTC: no shift by the browser's time zone.
 */
export function formatDonationDate(date: string): string {
  const value = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(value.getTime())) return date;
  return new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    value,
  );
}

export function formatDonationTime(time: string): string {
  const value = new Date(`1970-01-01T${time}:00Z`);
  if (Number.isNaN(value.getTime())) return time;
  if (i18n.language === 'bn') return banglaTime(value, 'UTC');
  return new Intl.DateTimeFormat(intlLocale(), { timeStyle: 'short', timeZone: 'UTC' }).format(
    value,
  );
}

/** "Division, District" or "District, Upazila", skipping what is missing, in Bangla in Bangla. */
export const joinPlace = (...parts: (string | null | undefined)[]) =>
  parts
    .filter(Boolean)
    .map((part) => placeName(part))
    .join(', ');

/** Emails compare without case (the server stores them lower-cased). */
export const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();
