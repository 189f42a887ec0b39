import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listRequests } from '../../../common/contract/requests.contract.ts';
import { requestPage } from '../../lib/api.ts';

/** Every request query's key starts here, so a change to any request refreshes them all. */
export const requestsKey = ['requests'] as const;

/** Cards per page on the public grid. */
export const PENDING_PAGE_SIZE = 9;

/**
 * GET /donation-request?status=pending: open requests for everyone, soonest first; `verified`
 * keeps only those staff have checked (issue 14).
 */
export const pendingRequestsQueryOptions = (page: number, verified = false) =>
  queryOptions({
    queryKey: [...requestsKey, 'pending', page, verified],
    queryFn: () =>
      requestPage(listRequests, {
        query: {
          status: 'pending',
          page,
          limit: PENDING_PAGE_SIZE,
          ...(verified ? { verified: true } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });

export function usePendingRequests(page: number, verified = false) {
  return useQuery(pendingRequestsQueryOptions(page, verified));
}
