import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listRequests } from '../../../common/contract/requests.contract.ts';
import { requestPage } from '../../lib/api.ts';
import { type NeedFilter, needQuery } from './need-filter.ts';

/** Every request query's key starts here, so a change to any request refreshes them all. */
export const requestsKey = ['requests'] as const;

/** Cards per page on the public grid. */
export const PENDING_PAGE_SIZE = 9;

const ANY_NEED: NeedFilter = { component: '', urgency: '' };

/**
 * GET /donation-request?status=pending: requests with a bag still open, for everyone, critical
 * first then soonest (issue 27); `verified` keeps only those staff have checked (issue 14), `need`
 * one component or urgency.
 */
export const pendingRequestsQueryOptions = (page: number, verified = false, need = ANY_NEED) =>
  queryOptions({
    queryKey: [...requestsKey, 'pending', page, verified, need.component, need.urgency],
    queryFn: () =>
      requestPage(listRequests, {
        query: {
          status: 'pending',
          page,
          limit: PENDING_PAGE_SIZE,
          ...(verified ? { verified: true } : {}),
          ...needQuery(need),
        },
      }),
    placeholderData: keepPreviousData,
  });

export function usePendingRequests(page: number, verified = false, need = ANY_NEED) {
  return useQuery(pendingRequestsQueryOptions(page, verified, need));
}
