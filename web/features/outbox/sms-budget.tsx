import { useTranslation } from 'react-i18next';
import { formatInstant as when } from '../../lib/format-instant.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { useSmsDays } from './outbox.api.ts';

/**
 * Today's SMS against the daily budget, above the failed messages (admin, issue 28): whether SMS
 * is on, the parts sent of the budget, and — once it was reached — when, and how many alerts
 * went in-app and by email only.
 */
export function SmsBudget() {
  const { t } = useTranslation();
  const days = useSmsDays();
  if (!days.data) return null;
  const { enabled, budget, days: list } = days.data;
  const today = list[0];
  return (
    <section
      aria-label={t('outbox.sms.title')}
      className="rounded-xl border border-gray-200 bg-white p-4 text-sm text-gray-800"
    >
      <h2 className="font-semibold text-gray-900">{t('outbox.sms.title')}</h2>
      {!enabled ? (
        <p className="mt-1">{t('outbox.sms.off')}</p>
      ) : (
        <p className="mt-1">
          {t('outbox.sms.sent', {
            day: today?.day ?? '—',
            sent: formatNumber(today?.sent ?? 0),
            budget: formatNumber(today?.budget ?? budget),
          })}
        </p>
      )}
      {today?.reachedAt && (
        <p className="mt-1 font-medium text-amber-900" role="status">
          {t('outbox.sms.reached', {
            time: when(today.reachedAt),
            refused: formatNumber(today.refused),
          })}
        </p>
      )}
    </section>
  );
}
