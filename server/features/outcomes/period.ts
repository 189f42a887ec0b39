import { addDays } from '../../../common/dhaka-date.ts';

/**
 * A period of days (inclusive) as the rollup's rows read it (decision 034): its whole months
 * from the month rows, the days around them from the day rows. A year reads 12 month rows and
 * at most 60 day rows per cell, whatever the traffic.
 */
export interface PeriodRows {
  /** First and last whole month (YYYY-MM), or null if it holds none. */
  months: [string, string] | null;
  /** Ranges of days (YYYY-MM-DD, inclusive) outside the whole months. */
  days: Array<[string, string]>;
}

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
const lastOfMonth = (date: string) => addDays(firstOfMonth(nextMonthStart(date)), -1);
/** The first day of the month after `date`'s. */
function nextMonthStart(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

export function periodRows(from: string, to: string): PeriodRows {
  // The first whole month starts at `from` if it is a 1st, else the month after.
  const firstWhole = from === firstOfMonth(from) ? from : nextMonthStart(from);
  // The last whole month ends at `to` if it is the month's last day, else the month before.
  const lastWholeEnd = to === lastOfMonth(to) ? to : addDays(firstOfMonth(to), -1);
  if (firstWhole > lastWholeEnd) return { months: null, days: [[from, to]] };
  const days: Array<[string, string]> = [];
  if (from < firstWhole) days.push([from, addDays(firstWhole, -1)]);
  if (lastWholeEnd < to) days.push([addDays(lastWholeEnd, 1), to]);
  return { months: [firstWhole.slice(0, 7), lastWholeEnd.slice(0, 7)], days };
}
