import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { EmptyState, QueryError } from '../../requests/query-state.tsx';
import {
  formatDonationDate,
  formatDonationTime,
  joinPlace,
} from '../../requests/request-format.ts';
import { RequestRowActions } from '../../requests/request-row-actions.tsx';
import { useRecentRequests } from '../../requests/requests.api.ts';
import { StatusBadge } from '../../requests/status-badge.tsx';
import { cellClass, DataTable, DonorCell } from '../../requests/table.tsx';

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
      {requests.isPending ? (
        <Spinner />
      ) : requests.isError ? (
        <QueryError error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.data.length === 0 ? (
        <div className="flex flex-col items-center gap-4">
          <EmptyState>{t('dashboardHome.recentEmpty')}</EmptyState>
          <Link to="/dashboard/create-donation-request" className={primaryButton}>
            {t('requests.create.title')}
          </Link>
        </div>
      ) : (
        <DataTable caption={title} columns={columns}>
          {requests.data.map((request, index) => (
            <tr key={request.id}>
              <td className={cellClass}>{index + 1}</td>
              <th scope="row" className={`${cellClass} font-medium`}>
                {request.recipientName}
              </th>
              <td className={cellClass}>{joinPlace(request.district, request.upazila)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {formatDonationDate(request.donationDate)}
                <span className="block text-gray-600">
                  {formatDonationTime(request.donationTime)}
                </span>
              </td>
              <td className={cellClass}>{request.hospitalName}</td>
              <td className={`${cellClass} font-semibold text-red-700`}>{request.bloodGroup}</td>
              <td className={cellClass}>
                <div className="flex flex-col items-start gap-1.5">
                  <StatusBadge status={request.status} />
                  {request.status === 'inprogress' && (
                    <DonorCell name={request.donorName} email={request.donorEmail} />
                  )}
                </div>
              </td>
              <td className={cellClass}>
                <RequestRowActions request={request} canEdit canDelete />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <div>
        <Link to="/dashboard/my-donation-requests" className={secondaryButton}>
          {t('dashboardHome.viewAll')}
        </Link>
      </div>
    </section>
  );
}
