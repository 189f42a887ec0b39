// A blog's date and time as the spec shows them: 'MMM Do YY' ("Jun 11th 25") and a short
// time ("3:45 PM"). The server writes them in Dhaka time for API clients; the web shows the
// same instant in the reader's own time zone.

const ORDINALS: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const ordinalRules = new Intl.PluralRules('en-US', { type: 'ordinal' });

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export const ordinal = (n: number) => `${n}${ORDINALS[ordinalRules.select(n)] ?? 'th'}`;

/** 'MMM Do YY' of `at` in `timeZone` (the runtime's own zone when absent): "Jun 11th 25". */
export function formatBlogDate(at: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${ordinal(Number(part('day')))} ${part('year')}`;
}

/** The short time of `at` in `timeZone`: "3:45 PM". */
export function formatBlogTime(at: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    at,
  );
}
