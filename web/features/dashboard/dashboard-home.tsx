import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useSession } from '../auth/session.api.ts';

/** /dashboard: a welcome for now; the role-specific home (SPEC §2) replaces this file. */
export function DashboardHome() {
  const { t } = useTranslation();
  const { user } = useSession();
  usePageTitle(t('pages.dashboard'));
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-6">
      <h1 className="text-2xl font-bold text-gray-900">
        {t('dashboard.welcome', { name: user?.name ?? '' })}
      </h1>
    </section>
  );
}
