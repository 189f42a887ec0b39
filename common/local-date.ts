import { dateTimeFormat } from './date-time-format.ts';

// Bangla dates and times, as the web writes them and as the server's emails to Bangla readers
// do (issue 30 item 17): one way of writing them, so an email says what the page says.

/**
 * A time as Bangla says it: the part of the day first, then the clock in Bangla digits
 * ("সকাল ১০:৩০", "রাত্রি ১০:৩০"), where Intl's short time would end in a Latin AM or PM.
 */
export function banglaTime(value: Date, timeZone?: string): string {
  const parts = dateTimeFormat('bn-BD', {
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

/** A calendar date ('YYYY-MM-DD', a wall-clock date) in Bangla: "১ ডিসে, ২০২৬"; else as given. */
export function banglaDate(date: string): string {
  const value = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(value.getTime())) return date;
  return dateTimeFormat('bn-BD', { dateStyle: 'medium', timeZone: 'UTC' }).format(value);
}

/** A wall-clock time ('HH:MM') in Bangla: "সকাল ১০:৩০"; else as given. */
export function banglaClock(time: string): string {
  const value = new Date(`1970-01-01T${time}:00Z`);
  if (Number.isNaN(value.getTime())) return time;
  return banglaTime(value, 'UTC');
}
