import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOOD_GROUPS, REQUEST_STATUSES } from '../../../../common/constants.ts';
import { QueryError } from '../../../components/query-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatNumber } from '../../../lib/i18n.ts';
import { BarChart } from './bar-chart.tsx';
import { BudgetReachedTable } from './budget-reached-table.tsx';
import { OverdueRequests } from './overdue-requests.tsx';
import { useAdminStats } from './stats.api.ts';

// Issue 29: the last 30 days' charts come as their own chunk, with /impact's chart, after the
// tiles: the dashboard's first paint does not wait for them.
const Last30Days = lazy(() =>
  import('./last-30-days.tsx').then((module) => ({ default: module.Last30Days })),
);

/**
 * Admin and volunteer home (SPEC §2): the two stat tiles and two charts from GET /admin-stats;
 * below the tiles (issue 29) the requests open too long and the last 30 days' outcomes.
 */
export function StaffOverview() {
  const { t } = useTranslation();
  const stats = useAdminStats();

  if (stats.isPending) return <Spinner className="py-16" />;
  if (stats.isError) return <QueryError error={stats.error} onRetry={() => void stats.refetch()} />;

  const { users, donationRequest, byStatus, byBloodGroup } = stats.data;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <StatTile label={t('dashboardHome.users')} value={users} />
        <StatTile label={t('dashboardHome.donationRequest')} value={donationRequest} />
      </dl>
      <OverdueRequests />
      <Suspense fallback={<Spinner className="py-16" />}>
        <Last30Days />
      </Suspense>
      <div className="grid gap-6 lg:grid-cols-2">
        <BarChart
          title={t('dashboardHome.byStatus')}
          labelHeader={t('requests.fields.status')}
          valueHeader={t('dashboardHome.count')}
          bars={REQUEST_STATUSES.map((status) => ({
            label: t(`requests.status.${status}`),
            value: byStatus[status] ?? 0,
          }))}
        />
        <BarChart
          title={t('dashboardHome.byBloodGroup')}
          labelHeader={t('requests.fields.bloodGroup')}
          valueHeader={t('dashboardHome.count')}
          barClassName="bg-rose-500"
          bars={BLOOD_GROUPS.map((group) => ({ label: group, value: byBloodGroup[group] }))}
        />
      </div>
      <BudgetReachedTable />
    </div>
  );
}

function StatTile({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
      <dt className="mt-1 text-sm font-medium text-gray-600">{label}</dt>
      <dd className="text-4xl font-extrabold text-red-600 tabular-nums">{formatNumber(value)}</dd>
    </div>
  );
}
