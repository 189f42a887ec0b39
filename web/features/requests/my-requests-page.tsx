import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pagination, pageCount, readPage } from '../../components/pagination.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useSession } from '../auth/session.api.ts';
import { EmptyState, QueryError } from './query-state.tsx';
import { formatDonationDate, formatDonationTime } from './request-format.ts';
import { RequestRowActions } from './request-row-actions.tsx';
import { REQUESTS_PAGE_SIZE, useMyRequests } from './requests.api.ts';
import { StatusBadge } from './status-badge.tsx';
import { StatusFilter, statusFrom } from './status-filter.tsx';
import { cellClass, DataTable, DonorCell } from './table.tsx';
import { useClampPage } from './use-clamp-page.ts';

/** /dashboard/my-donation-requests (SPEC §2 My Donation Request). */
export function MyRequestsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const status = statusFrom(params);
  const requests = useMyRequests(user?.email ?? '', status, page);
  usePageTitle(t('requests.mine.title'));

  const setPage = useCallback(
    (next: number) =>
      setParams((prev) => {
        const params = new URLSearchParams(prev);
        params.set('page', String(next));
        return params;
      }),
    [setParams],
  );
  useClampPage(page, requests.data?.total, REQUESTS_PAGE_SIZE, setPage);

  const columns = [
    t('requests.fields.number'),
    t('requests.fields.recipientName'),
    t('requests.fields.division'),
    t('requests.fields.district'),
    t('requests.fields.donationDate'),
    t('requests.fields.donationTime'),
    t('requests.fields.hospitalName'),
    t('requests.fields.bloodGroup'),
    t('requests.fields.status'),
    t('requests.fields.donor'),
    t('requests.fields.action'),
  ];

  return (
    <section>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{t('requests.mine.title')}</h1>
        <StatusFilter value={status} onChange={(next) => setParams(next ? { status: next } : {})} />
      </div>
      {requests.isPending ? (
        <Spinner className="py-20" />
      ) : requests.isError ? (
        <QueryError error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.data.items.length === 0 ? (
        <EmptyState>
          {status ? t('requests.mine.emptyFiltered') : t('requests.mine.empty')}
        </EmptyState>
      ) : (
        <>
          <DataTable
            caption={t('requests.mine.title')}
            columns={columns}
            busy={requests.isPlaceholderData}
          >
            {requests.data.items.map((request, index) => (
              <tr key={request.id}>
                <td className={cellClass}>{(page - 1) * REQUESTS_PAGE_SIZE + index + 1}</td>
                <th scope="row" className={`${cellClass} font-medium`}>
                  {request.recipientName}
                </th>
                <td className={cellClass}>{request.division}</td>
                <td className={cellClass}>{request.district}</td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {formatDonationDate(request.donationDate)}
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {formatDonationTime(request.donationTime)}
                </td>
                <td className={cellClass}>{request.hospitalName}</td>
                <td className={`${cellClass} font-semibold text-red-700`}>{request.bloodGroup}</td>
                <td className={cellClass}>
                  <StatusBadge status={request.status} />
                </td>
                <td className={cellClass}>
                  {request.status === 'inprogress' || request.status === 'done' ? (
                    <DonorCell name={request.donorName} email={request.donorEmail} />
                  ) : (
                    <span aria-hidden="true">—</span>
                  )}
                </td>
                <td className={cellClass}>
                  <RequestRowActions request={request} canEdit canDelete />
                </td>
              </tr>
            ))}
          </DataTable>
          <Pagination
            page={page}
            pages={pageCount(requests.data.total, REQUESTS_PAGE_SIZE)}
            onPageChange={setPage}
            disabled={requests.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}
