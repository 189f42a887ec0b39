import { useTranslation } from 'react-i18next';
import { isStaff } from '../../../../common/roles.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSession } from '../../auth/session.api.ts';
import { RecentRequestsTable } from './recent-requests-table.tsx';
import { StaffOverview } from './staff-overview.tsx';

/** /dashboard (SPEC §2 Dashboard home): stats for admins and volunteers, recent requests for donors. */
export function DashboardHomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  usePageTitle(t('pages.dashboard'));

  if (!user) return <Spinner className="py-20" />;
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold wrap-anywhere text-gray-900 sm:text-3xl">
        {t('dashboardHome.welcome', { name: user.name })}
      </h1>
      {isStaff(user.role) ? <StaffOverview /> : <RecentRequestsTable email={user.email} />}
    </div>
  );
}
