import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { secondaryButton } from '../../components/button-styles.ts';

/**
 * Said instead of the form when the caller already has as many open requests as one person may
 * (issue 30 item 8), so nobody fills the whole form to be refused at the end.
 */
export function OpenLimitNotice({ open }: { open: number }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-6"
    >
      <h2 className="text-lg font-semibold">{t('requests.create.atLimitTitle')}</h2>
      <p className="mt-2">{t('requests.create.atLimit', { count: open })}</p>
      <Link to="/dashboard/my-donation-requests" className={`${secondaryButton} mt-4`}>
        {t('requests.create.atLimitLink')}
      </Link>
    </div>
  );
}
