import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PledgeOutcome, RequestStatus } from '../../../common/constants.ts';
import {
  changeRequest,
  createRequest,
  deleteRequest,
  getRequest,
  getRequestAllowance,
  listAllRequests,
  listRecentRequests,
  listRequests,
  recordPledgeOutcome,
  setRequestBags,
} from '../../../common/contract/requests.contract.ts';
import type { CreateRequest, UpdateRequest } from '../../../common/request.schema.ts';
import { ApiError, request, requestPage } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { useSession } from '../auth/session.api.ts';
import { type NeedFilter, needQuery } from './need-filter.ts';
import { requestsKey } from './pending-requests.api.ts';
import { alreadyReached, type WantedStatus } from './request-outcome.ts';

/** The fields a requester may change on their own pending request; `upazila: null` clears it. */
export type RequestEdit = UpdateRequest;

/** What the status filters send: '' for every status. */
export type StatusFilter = RequestStatus | '';

/** Rows per page on the request lists and cards per page on the public grid. */
export const REQUESTS_PAGE_SIZE = 10;

// The public list's query lives apart (pending-requests.api.ts): the list page, which visitors
// load, then carries none of the mutations below.
export { PENDING_PAGE_SIZE, usePendingRequests } from './pending-requests.api.ts';

/** The signed-in user's own requests, newest first. */
export function useMyRequests(email: string, status: StatusFilter, need: NeedFilter, page: number) {
  return useQuery({
    queryKey: [...requestsKey, 'mine', email, status, need.component, need.urgency, page],
    enabled: email !== '',
    queryFn: () =>
      requestPage(listRequests, {
        query: {
          email,
          status: status || undefined,
          ...needQuery(need),
          page,
          limit: REQUESTS_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
    // Lists change as donors accept requests; do not trust a five-minute-old copy.
    staleTime: 0,
  });
}

/** The latest three requests of `email` (dashboard home). */
export function useRecentRequests(email: string) {
  return useQuery({
    queryKey: [...requestsKey, 'recent', email],
    enabled: email !== '',
    queryFn: () => request(listRecentRequests, { query: { email } }),
    staleTime: 0,
  });
}

/** Every request (admin, volunteer), newest first. */
export function useAllRequests(status: StatusFilter, need: NeedFilter, page: number) {
  return useQuery({
    queryKey: [...requestsKey, 'all', status, need.component, need.urgency, page],
    queryFn: () =>
      requestPage(listAllRequests, {
        query: {
          status: status || undefined,
          ...needQuery(need),
          page,
          limit: REQUESTS_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Lists and the dashboard's counts both move when a request changes. */
function useRefreshRequests() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: requestsKey }),
      // The dashboard's counts (dashboard/home/stats.api.ts).
      queryClient.invalidateQueries({ queryKey: ['admin-stats'] }),
    ]);
}

/**
 * How many open requests the caller has and may have (issue 30 item 8): under the requests' key,
 * so posting, closing or removing one refreshes it.
 */
export function useRequestAllowance() {
  return useQuery({
    queryKey: [...requestsKey, 'allowance'],
    queryFn: () => request(getRequestAllowance, {}),
  });
}

export function useCreateRequest() {
  const refresh = useRefreshRequests();
  return useSingleFlightMutation({
    mutationFn: (fields: CreateRequest) => request(createRequest, { json: fields }),
    onSuccess: refresh,
  });
}

/** How a change ended: made now, or found already made (the user still got what they asked). */
export interface ChangeOutcome {
  already: boolean;
}

/**
 * PATCH /donation-request/:id with a status: 'inprogress' donates (the caller becomes the donor);
 * 'done' and 'cancel' (or its alias 'canceled') close a request in progress. A 409 whose request
 * now is what the user asked for (donated from a second tab, done by another volunteer first)
 * resolves as `already`, not as a failure (issue 11).
 */
export function useChangeRequestStatus() {
  const refresh = useRefreshRequests();
  const { user } = useSession();
  return useSingleFlightMutation({
    mutationFn: async ({
      id,
      status,
    }: {
      id: string;
      status: WantedStatus;
    }): Promise<ChangeOutcome> => {
      try {
        await request(changeRequest, { params: { id }, json: { status } });
        return { already: false };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        const now = await request(getRequest, { params: { id } }).catch(() => null);
        if (now && alreadyReached(status, now, user?.email)) return { already: true };
        throw error;
      }
    },
    // Also after a refusal (409): someone else changed the request, so show its new state.
    onSettled: refresh,
  });
}

export function useEditRequest() {
  const refresh = useRefreshRequests();
  return useSingleFlightMutation({
    mutationFn: ({ id, fields }: { id: string; fields: RequestEdit }) =>
      request(changeRequest, { params: { id }, json: fields }),
    onSettled: refresh,
  });
}

/** DELETE /donation-request/all/:id; a request already gone (404: another tab) counts as deleted. */
export function useDeleteRequest() {
  const refresh = useRefreshRequests();
  return useSingleFlightMutation({
    mutationFn: async (id: string): Promise<ChangeOutcome> => {
      try {
        await request(deleteRequest, { params: { id } });
        return { already: false };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { already: true };
        throw error;
      }
    },
    onSettled: refresh,
  });
}

/**
 * Issue 27: the requester (or staff) records that a pledged donor gave, or did not come. A 409
 * whose pledge now reads as asked (recorded from another tab, by a volunteer first) resolves as
 * `already`.
 */
export function useRecordPledgeOutcome() {
  const refresh = useRefreshRequests();
  return useSingleFlightMutation({
    mutationFn: async ({
      id,
      pledgeId,
      outcome,
    }: {
      id: string;
      pledgeId: string;
      outcome: PledgeOutcome;
    }): Promise<ChangeOutcome> => {
      try {
        await request(recordPledgeOutcome, { params: { id, pledgeId }, json: { outcome } });
        return { already: false };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        const now = await request(getRequest, { params: { id } }).catch(() => null);
        const pledge = now?.pledges.find((p) => p.id === pledgeId);
        if (pledge?.status === outcome) return { already: true };
        throw error;
      }
    },
    onSettled: refresh,
  });
}

/** Issue 27: the requester sets how many bags their open request asks for. */
export function useSetRequestBags() {
  const refresh = useRefreshRequests();
  return useSingleFlightMutation({
    mutationFn: ({ id, bags }: { id: string; bags: number }) =>
      request(setRequestBags, { params: { id }, json: { bags } }),
    onSettled: refresh,
  });
}
