import type { TFunction } from 'i18next';
import { formatNumber } from './impact-format.ts';

/**
 * A wait as the server gives it (an upper bucket edge, decision 034): "within 30 min"; `shortForm`
 * the figure alone, above a chart's bar. Shared by /impact and the staff dashboard's charts.
 */
export function waitText(t: TFunction, minutes: number | null, shortForm = false): string {
  if (minutes === null) return t('impact.noneYet');
  if (minutes >= 2880) return t('impact.twoDaysOrMore');
  const value =
    minutes < 60
      ? t('impact.minutes', { value: formatNumber(minutes) })
      : t('impact.hours', { value: formatNumber(minutes / 60) });
  return shortForm ? value : t('impact.within', { value });
}
