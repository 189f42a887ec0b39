import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dismissReport,
  listReportedRequests,
  listRequestReports,
  reportRequest,
  verifyRequest,
} from '../../../common/contract/trust.contract.ts';
import type { ReportInput } from '../../../common/trust.schema.ts';
import { request, requestPage } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { QUEUE_PAGE_SIZE } from '../requests/lifecycle.api.ts';

// Issue 14: verification and reports, and the staff queue. Removal, withdrawal and repost are a
// request's life: web/features/requests/lifecycle.api.ts.

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
