import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUEST_STATUSES } from '../../../common/constants.ts';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { DataTable } from '../../components/data-table.tsx';
import { Pagination, pageCount } from '../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { knownStatus, StatusFilter } from '../../components/status-filter.tsx';
import { useClampPage, useListState } from '../../lib/use-list-state.ts';
import { readNeedFilter } from './need-filter.ts';
import { NeedFilters } from './need-filters.tsx';
import { type StatusFilter as Filter, REQUESTS_PAGE_SIZE } from './requests.api.ts';

type RequestPage = { items: DonationRequestResponse[]; total: number };

const LIST_FILTERS = ['status', 'component', 'urgency'] as const;

/**
 * A dashboard list's page and filters (status; component and urgency, issue 27), kept in the URL
 * (useListState).
 */
export function useRequestListParams() {
  const { page, filters, setPage, setFilters } = useListState(LIST_FILTERS);
  const status = knownStatus(REQUEST_STATUSES, filters.status);
  const need = readNeedFilter(filters);
  return {
    page,
    status,
    need,
    /** Some filter is set: an empty page means "nothing matches", not "nothing yet". */
    filtered: !!(status || need.component || need.urgency),
    setPage,
    setFilters,
  };
}

/**
 * My and All Donation Requests: the title with the status filter, then the paged table of
 * `requests` (or its loading, error or empty state). Each page picks its own columns and rows.
 */
export function RequestListSection({
  title,
  list,
  requests,
  emptyText,
  columns,
  row,
}: {
  title: string;
  list: ReturnType<typeof useRequestListParams>;
  requests: UseQueryResult<RequestPage>;
  emptyText: string;
  columns: string[];
  /** One table row; `number` counts from the first row of the first page. */
  row: (request: DonationRequestResponse, number: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const { page, status, need, setPage, setFilters } = list;
  useClampPage(page, requests.data?.total, REQUESTS_PAGE_SIZE, setPage);

  return (
    <section>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <StatusFilter
            label={t('requests.filterLabel')}
            allLabel={t('requests.status.all')}
            statuses={REQUEST_STATUSES}
            labelOf={(value) => t(`requests.status.${value}`)}
            value={status}
            onChange={(next: Filter) => setFilters({ status: next })}
          />
          <NeedFilters value={need} onChange={setFilters} t={t} />
        </div>
      </div>
      <QueryState
        query={requests}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState>{emptyText}</EmptyState>}
        spinnerClassName="py-20"
      >
        {(data) => (
          <>
            <DataTable caption={title} columns={columns} busy={requests.isPlaceholderData}>
              {data.items.map((request, index) =>
                row(request, (page - 1) * REQUESTS_PAGE_SIZE + index + 1),
              )}
            </DataTable>
            <Pagination
              page={page}
              pages={pageCount(data.total, REQUESTS_PAGE_SIZE)}
              onPageChange={setPage}
              disabled={requests.isPlaceholderData}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
