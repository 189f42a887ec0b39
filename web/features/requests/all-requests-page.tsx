import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isStaff } from '../../../common/request-status.rules.ts';
import { Pagination, pageCount, readPage } from '../../components/pagination.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useSession } from '../auth/session.api.ts';
import { EmptyState, QueryError } from './query-state.tsx';
import { formatDonationDate, formatDonationTime, joinPlace } from './request-format.ts';
import { RequestRowActions } from './request-row-actions.tsx';
import { REQUESTS_PAGE_SIZE, useAllRequests } from './requests.api.ts';
import { StatusBadge } from './status-badge.tsx';
import { StatusFilter, statusFrom } from './status-filter.tsx';
import { cellClass, DataTable, DonorCell } from './table.tsx';
import { useClampPage } from './use-clamp-page.ts';

/** /dashboard/all-donation-requests (SPEC §2 All Donation Request): admins and volunteers. */
export function AllRequestsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const status = statusFrom(params);
  const allowed = !!user && isStaff(user.role);
  // Only staff may ask: the API's 403 would otherwise sign a donor out (SPEC §8).
  const requests = useAllRequests(status, page, allowed);
  usePageTitle(t('requests.all.title'));

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

  if (!user) return <Spinner className="py-20" />;
  if (!allowed) {
    return (
      <section>
        <h1 className="mb-6 text-2xl font-bold text-gray-900 sm:text-3xl">
          {t('requests.all.title')}
        </h1>
        <p role="alert" className="rounded-xl bg-red-50 p-6 text-red-800">
          {t('requests.all.staffOnly')}
        </p>
      </section>
    );
  }

  const isAdmin = user.role === 'admin';
  const columns = [
    t('requests.fields.number'),
    t('requests.fields.recipientName'),
    t('requests.fields.location'),
    t('requests.fields.dateTime'),
    t('requests.fields.hospital'),
    t('requests.fields.bloodGroup'),
    t('requests.fields.status'),
    t('requests.fields.action'),
  ];

  return (
    <section>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{t('requests.all.title')}</h1>
        <StatusFilter value={status} onChange={(next) => setParams(next ? { status: next } : {})} />
      </div>
      {requests.isPending ? (
        <Spinner className="py-20" />
      ) : requests.isError ? (
        <QueryError error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.data.items.length === 0 ? (
        <EmptyState>
          {status ? t('requests.all.emptyFiltered') : t('requests.all.empty')}
        </EmptyState>
      ) : (
        <>
          <DataTable
            caption={t('requests.all.title')}
            columns={columns}
            busy={requests.isPlaceholderData}
          >
            {requests.data.items.map((request, index) => (
              <tr key={request.id}>
                <td className={cellClass}>{(page - 1) * REQUESTS_PAGE_SIZE + index + 1}</td>
                <th scope="row" className={`${cellClass} font-medium`}>
                  {request.recipientName}
                </th>
                <td className={cellClass}>{joinPlace(request.division, request.district)}</td>
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
                      // The donor who accepted it, not the viewer.
                      <DonorCell name={request.donorName} email={request.donorEmail} />
                    )}
                  </div>
                </td>
                <td className={cellClass}>
                  <RequestRowActions
                    request={request}
                    canEdit={false}
                    canDelete={isAdmin}
                    showDisabledDelete
                    cancelStatus="canceled"
                  />
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
