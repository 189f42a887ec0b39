import { useTranslation } from 'react-i18next';
import { formatTotal } from '../../lib/format-total.ts';
import { useNewContactCount } from './contact-inbox.api.ts';

/**
 * How many contact messages wait to be handled, beside the menu's Contact Messages link (which
 * only admins get). Nothing when there are none or the count is not known yet.
 */
export function NewMessagesBadge() {
  const { t } = useTranslation();
  const count = useNewContactCount();
  const total = count.data?.total ?? 0;
  if (total === 0) return null;
  const shown = formatTotal(total, count.data?.capped);
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white ring-2 ring-white"
      >
        {shown}
      </span>
      <span className="sr-only">{t('dashboard.menu.newCount', { count: total })}</span>
    </>
  );
}
