import { dateTimeFormat } from './date-time-format.ts';
import { i18n, intlLocale } from './i18n.ts';

/**
 * A time as Bangla says it: the part of the day first, then the clock in Bangla digits
 * ("সকাল ১০:৩০", "রাত্রি ১০:৩০"), where Intl's short time would end in a Latin AM or PM.
 */
export function banglaTime(value: Date, timeZone?: string): string {
  const parts = dateTimeFormat(intlLocale('bn'), {
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

/**
 * An instant (a notification, a report, an audit entry, a message) as a date and a short time in
 * the reader's language and time zone: "Nov 27, 2026, 10:30 AM"; in Bangla the time as Bangla
 * says it ("২৭ নভে, ২০২৬ সকাল ১০:৩০").
 */
export function formatInstant(iso: string): string {
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return iso;
  if (i18n.language === 'bn') {
    const day = dateTimeFormat(intlLocale('bn'), { dateStyle: 'medium' }).format(value);
    return `${day} ${banglaTime(value)}`;
  }
  return dateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(value);
}
