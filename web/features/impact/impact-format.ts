import { i18n } from '../../lib/i18n.ts';

/** The months from `from`'s to `to`'s (YYYY-MM), in order: every month the page shows. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (let guard = 0; guard < 120; guard++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

const locale = (language = i18n.language) => (language === 'bn' ? 'bn-BD' : 'en-GB');

/** "Mar 2026" / "মার্চ ২০২৬"; `short`: the month alone ("Mar"), under a chart's bar. */
export function monthLabel(month: string, language = i18n.language, short = false): string {
  return new Intl.DateTimeFormat(locale(language), {
    month: 'short',
    ...(short ? {} : { year: 'numeric' as const }),
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/** A number in the reader's digits. */
export const formatNumber = (value: number, language = i18n.language) =>
  value.toLocaleString(locale(language), { maximumFractionDigits: 1 });

/** A share as a percentage: "67%". */
export const formatPercent = (rate: number, language = i18n.language) =>
  rate.toLocaleString(locale(language), { style: 'percent', maximumFractionDigits: 0 });
