import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles.ts';
import { cellClass, DataTable } from '../../../components/data-table.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { formatNumber } from '../../../lib/i18n.ts';
import {
  BloodGroupCell,
  DateTimeCell,
  RecipientCell,
  StatusWithDonorCell,
  TextCell,
} from '../../requests/request-cells.tsx';
import { joinPlace } from '../../requests/request-format.ts';
import { RequestRowActions } from '../../requests/request-row-actions.tsx';
import { useRecentRequests } from '../../requests/requests.api.ts';

/** The donor's home (SPEC §2): their three latest requests, with the same actions as elsewhere. */
export function RecentRequestsTable({ email }: { email: string }) {
  const { t } = useTranslation();
  const requests = useRecentRequests(email);
  const title = t('dashboardHome.recentTitle');
  const columns = [
    t('requests.fields.number'),
    t('requests.fields.recipientName'),
    t('dashboardHome.recipientLocation'),
    t('dashboardHome.donationDateTime'),
    t('requests.fields.hospitalName'),
    t('requests.fields.bloodGroup'),
    t('dashboardHome.donationStatus'),
    t('requests.fields.action'),
  ];

  return (
    <section aria-labelledby="recent-requests-title" className="flex flex-col gap-4">
      <h2 id="recent-requests-title" className="text-xl font-semibold text-gray-900">
        {title}
      </h2>
      <QueryState
        query={requests}
        isEmpty={(data) => data.length === 0}
        empty={
          <div className="flex flex-col items-center gap-4">
            <EmptyState>{t('dashboardHome.recentEmpty')}</EmptyState>
            <Link to="/dashboard/create-donation-request" className={primaryButton}>
              {t('requests.create.title')}
            </Link>
          </div>
        }
      >
        {(data) => (
          <DataTable caption={title} columns={columns}>
            {data.map((request, index) => (
              <tr key={request.id}>
                <td className={cellClass}>{formatNumber(index + 1)}</td>
                <RecipientCell request={request} />
                <td className={cellClass}>{joinPlace(request.district, request.upazila)}</td>
                <DateTimeCell request={request} />
                <TextCell text={request.hospitalName} />
                <BloodGroupCell request={request} />
                <StatusWithDonorCell request={request} />
                <td className={cellClass}>
                  <RequestRowActions request={request} canEdit canDelete />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
      <div>
        <Link to="/dashboard/my-donation-requests" className={secondaryButton}>
          {t('dashboardHome.viewAll')}
        </Link>
      </div>
    </section>
  );
}
