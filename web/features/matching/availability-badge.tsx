import { useTranslation } from 'react-i18next';
import { formatDay } from './format-day.ts';

/**
 * A donor's own pause, beside their Eligible badge: eligibility comes from the last donation,
 * this from the donor's choice. Nothing when they are available.
 */
export function AvailabilityBadge({
  available,
  availableAgainOn,
}: {
  available: boolean;
  availableAgainOn: string | null;
}) {
  const { t, i18n } = useTranslation();
  if (available) return null;
  return (
    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      {availableAgainOn
        ? t('matching.availability.notAvailableUntil', {
            date: formatDay(availableAgainOn, i18n.language),
          })
        : t('matching.availability.paused')}
    </span>
  );
}
