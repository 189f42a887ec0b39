import { dateTimeFormat } from '../../lib/date-time-format.ts';
import { banglaTime } from '../../lib/format-instant.ts';
import { i18n, intlLocale, placeName } from '../../lib/i18n.ts';

/**
 * English dates and times are written here, not by Intl: the first Intl.DateTimeFormat a page
 * makes costs Chromium 70–230 ms at Lighthouse's 4× CPU slowdown (ICU loading its data), and on
 * the public request list it fell inside the task that draws the cards, its longest (profile in
 * docs/performance-web.md). The output is Intl's own for 'en' (medium date, short time, in
 * UTC): request-format.test.ts compares the two on every minute of a day and every day of years
 * around now. Other languages (Bangla) and years outside 1000–9999 still go through Intl, one
 * formatter each (web/lib/date-time-format.ts).
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const englishDate = (value: Date) =>
  `${MONTHS[value.getUTCMonth()]} ${value.getUTCDate()}, ${value.getUTCFullYear()}`;

function englishTime(value: Date) {
  const hours = value.getUTCHours();
  const minutes = String(value.getUTCMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * Donation dates and times are wall-clock values at the hospital ('YYYY-MM-DD', 'HH:MM'), not
 * instants, so they are formatted in UTC: no shift by the browser's time zone.
 */
export function formatDonationDate(date: string): string {
  const value = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(value.getTime())) return date;
  const year = value.getUTCFullYear();
  if (i18n.language === 'en' && year >= 1000 && year <= 9999) return englishDate(value);
  return dateTimeFormat(intlLocale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(value);
}

export function formatDonationTime(time: string): string {
  const value = new Date(`1970-01-01T${time}:00Z`);
  if (Number.isNaN(value.getTime())) return time;
  if (i18n.language === 'en') return englishTime(value);
  if (i18n.language === 'bn') return banglaTime(value, 'UTC');
  return dateTimeFormat(intlLocale(), { timeStyle: 'short', timeZone: 'UTC' }).format(value);
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
