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

/** The calendar date (YYYY-MM-DD) it is in Dhaka at `now`. */
export function todayInDhaka(now: Date = new Date()): string {
  const parts = dhakaDay().formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
