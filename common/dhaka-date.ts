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
