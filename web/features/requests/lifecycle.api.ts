import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listWithdrawals,
  removeRequest,
  repostRequest,
  withdrawFromRequest,
} from '../../../common/contract/trust.contract.ts';
import type { Repost } from '../../../common/trust.schema.ts';
import { request, requestPage } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

// Issue 14's rest of a request's life: removal by staff, a donor's withdrawal, a repost, and the
// staff list of withdrawals (verification and reports are web/features/trust).

/** Rows of a staff list page (withdrawals here, the reports queue in trust). */
export const QUEUE_PAGE_SIZE = 10;

/**
 * Every list a change of a request can touch: requests (lists, counts) and the staff lists
 * (['trust']: the reports queue drops a removed request). Not awaited: the refreshed list may no
 * longer hold the row whose button was pressed, and a caller's own onSuccess (its toast) runs only
 * while that row is still on screen.
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['requests'] });
    void queryClient.invalidateQueries({ queryKey: ['admin-stats'] });
    void queryClient.invalidateQueries({ queryKey: ['trust'] });
  };
}

export function useRemoveRequest() {
  const refresh = useRefreshAfterChange();
  return useSingleFlightMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      request(removeRequest, { params: { id }, json: { reason } }),
    onSettled: refresh,
  });
}

export function useWithdraw() {
  const refresh = useRefreshAfterChange();
  return useSingleFlightMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      request(withdrawFromRequest, { params: { id }, json: { reason } }),
    onSettled: refresh,
  });
}

export function useRepost() {
  const refresh = useRefreshAfterChange();
  return useSingleFlightMutation({
    mutationFn: ({ id, when }: { id: string; when: Repost }) =>
      request(repostRequest, { params: { id }, json: when }),
    onSettled: refresh,
  });
}

/** Donors' withdrawals, newest first (staff). */
export function useWithdrawals(page: number) {
  return useQuery({
    queryKey: ['trust', 'withdrawals', page],
    queryFn: () => requestPage(listWithdrawals, { query: { page, limit: QUEUE_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
