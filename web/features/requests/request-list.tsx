import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { DataTable } from '../../components/data-table.tsx';
import { Pagination, pageCount, readPage } from '../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { type StatusFilter as Filter, REQUESTS_PAGE_SIZE } from './requests.api.ts';
import { StatusFilter, statusFrom } from './status-filter.tsx';
import { useClampPage } from './use-clamp-page.ts';

type RequestPage = { items: DonationRequestResponse[]; total: number };

/** A dashboard list's page and status filter, kept in the URL so reload and back keep them. */
export function useRequestListParams() {
  const [params, setParams] = useSearchParams();
  const setPage = useCallback(
    (next: number) =>
      setParams((prev) => {
        const params = new URLSearchParams(prev);
        params.set('page', String(next));
        return params;
      }),
    [setParams],
  );
  return {
    page: readPage(params.get('page')),
    status: statusFrom(params),
    setPage,
    // A new filter starts again on page 1.
    setStatus: (next: Filter) => setParams(next ? { status: next } : {}),
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
  const { page, status, setPage, setStatus } = list;
  useClampPage(page, requests.data?.total, REQUESTS_PAGE_SIZE, setPage);

  return (
    <section>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
        <StatusFilter value={status} onChange={setStatus} />
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
