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

/**
 * A time as Bangla says it: the part of the day first, then the clock in Bangla digits
 * ("সকাল ১০:৩০", "রাত্রি ১০:৩০"), where Intl's short time would end in a Latin AM or PM.
 */
export function banglaTime(value: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat(intlLocale('bn'), {
    hour: 'numeric',
    minute: '2-digit',
    dayPeriod: 'short',
    timeZone,
  }).formatToParts(value);
  const period = parts.find((part) => part.type === 'dayPeriod')?.value;
  const clock = parts
    .filter((part) => part.type !== 'dayPeriod')
    .map((part) => part.value)
    .join('')
    .trim();
  return period ? `${period} ${clock}` : clock;
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
