import { banglaTime } from '../../common/local-date.ts';
import { dateTimeFormat } from './date-time-format.ts';
import { i18n, intlLocale } from './i18n.ts';

// Shared with the server's Bangla emails (issue 30 item 17).
export { banglaTime } from '../../common/local-date.ts';

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
