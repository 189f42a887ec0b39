import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dismissReport,
  listReportedRequests,
  listRequestReports,
  listWithdrawals,
  removeRequest,
  reportRequest,
  repostRequest,
  verifyRequest,
  withdrawFromRequest,
} from '../../../common/contract/trust.contract.ts';
import type { ReportInput, Repost } from '../../../common/trust.schema.ts';
import { request, requestPage } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

// Issue 14: verification, reports, removal, withdrawal and repost, and the staff queue.

export const QUEUE_PAGE_SIZE = 10;

const trustKey = ['trust'] as const;

/**
 * Every list a trust action can change: requests (lists, counts) and the staff queue. Not
 * awaited: the refreshed queue may no longer hold the row whose button was pressed, and a caller's
 * own onSuccess (its toast) runs only while that row is still on screen.
 */
function useRefreshAfterTrustAction() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['requests'] });
    void queryClient.invalidateQueries({ queryKey: ['admin-stats'] });
    void queryClient.invalidateQueries({ queryKey: trustKey });
  };
}

export function useVerifyRequest() {
  const refresh = useRefreshAfterTrustAction();
  return useSingleFlightMutation({
    mutationFn: (id: string) => request(verifyRequest, { params: { id } }),
    onSettled: refresh,
  });
}

export function useReportRequest() {
  const refresh = useRefreshAfterTrustAction();
  return useSingleFlightMutation({
    mutationFn: ({ id, report }: { id: string; report: ReportInput }) =>
      request(reportRequest, { params: { id }, json: report }),
    onSettled: refresh,
  });
}

export function useRemoveRequest() {
  const refresh = useRefreshAfterTrustAction();
  return useSingleFlightMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      request(removeRequest, { params: { id }, json: { reason } }),
    onSettled: refresh,
  });
}

export function useWithdraw() {
  const refresh = useRefreshAfterTrustAction();
  return useSingleFlightMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      request(withdrawFromRequest, { params: { id }, json: { reason } }),
    onSettled: refresh,
  });
}

export function useRepost() {
  const refresh = useRefreshAfterTrustAction();
  return useSingleFlightMutation({
    mutationFn: ({ id, when }: { id: string; when: Repost }) =>
      request(repostRequest, { params: { id }, json: when }),
    onSettled: refresh,
  });
}

export function useDismissReport() {
  const refresh = useRefreshAfterTrustAction();
  return useSingleFlightMutation({
    mutationFn: (id: string) =>
      request(dismissReport, { params: { id }, json: { status: 'dismissed' } }),
    onSettled: refresh,
  });
}

/** The staff queue: requests with open reports, most reported first. */
export function useReportedRequests(page: number) {
  return useQuery({
    queryKey: [...trustKey, 'queue', page],
    queryFn: () => requestPage(listReportedRequests, { query: { page, limit: QUEUE_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The reports on one request (staff), newest first: the first hundred. */
export function useRequestReports(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...trustKey, 'reports', id],
    enabled,
    queryFn: () => request(listRequestReports, { params: { id }, query: { limit: 100 } }),
    staleTime: 0,
  });
}

/** Donors' withdrawals, newest first (staff). */
export function useWithdrawals(page: number) {
  return useQuery({
    queryKey: [...trustKey, 'withdrawals', page],
    queryFn: () => requestPage(listWithdrawals, { query: { page, limit: QUEUE_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
