/** Requests are made for hospitals in Bangladesh, so "today" is the date in Dhaka (UTC+6). */
export const REQUEST_TIME_ZONE = 'Asia/Dhaka';

// Made once: building a formatter costs more than using one (it ran on every public list request).
let formatter: Intl.DateTimeFormat | undefined;
const dhakaDay = () => {
  formatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: REQUEST_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return formatter;
};

// The last answer and the minute it is for: the public request list asks on every request, and
// formatting was 2% of its CPU in the bench's profile. Dhaka's offset is whole hours, so its date
// changes only on a minute's boundary, and the minute's answer holds for the whole minute.
let lastMinute = Number.NaN;
let lastDay = '';

/** The calendar date (YYYY-MM-DD) it is in Dhaka at `now`. */
export function todayInDhaka(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute === lastMinute) return lastDay;
  const parts = dhakaDay().formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  lastDay = `${part('year')}-${part('month')}-${part('day')}`;
  lastMinute = minute;
  return lastDay;
}

/** True for a real calendar date written YYYY-MM-DD (rejects 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The instant a day (YYYY-MM-DD) begins in Dhaka, as an ISO-8601 UTC string. */
export const startOfDayInDhaka = (date: string): string =>
  new Date(`${date}T00:00:00+06:00`).toISOString();

/** The date in Dhaka `days` after the date `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
