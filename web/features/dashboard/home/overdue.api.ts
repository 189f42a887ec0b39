import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listOverdueRequests } from '../../../../common/contract/outcomes.contract.ts';
import { requestPage } from '../../../lib/api.ts';

/** Overdue requests a page of the staff home shows. */
export const OVERDUE_PAGE_SIZE = 10;

/** A page of the requests open longer than their urgency allows (issue 29, staff). */
export function useOverdueRequests(page: number) {
  return useQuery({
    queryKey: ['outcomes', 'overdue', page],
    queryFn: () => requestPage(listOverdueRequests, { query: { page, limit: OVERDUE_PAGE_SIZE } }),
    // The list ages by itself: fetched again each minute while the home is open.
    staleTime: 60_000,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}
