import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Availability } from '../../../common/availability.schema.ts';
import {
  countMatches,
  listMatches,
  setAvailability,
} from '../../../common/contract/matching.contract.ts';
import { readDonorEmailBudget } from '../../../common/donor-email-budget.ts';
import { request, requestPage } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { meQueryKey } from '../users/users.api.ts';

export const MATCHES_PAGE_SIZE = 10;

const matchesKey = (requestId: string) => ['matches', requestId] as const;

/** "N compatible donors nearby" of a request (anyone signed in who may see it). */
export function useMatchCount(requestId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...matchesKey(requestId), 'count'],
    queryFn: () => request(countMatches, { params: { id: requestId } }),
    enabled,
    // Donors pause, donate and become eligible again: a minute-old count is fine, not an hour's.
    staleTime: 60_000,
  });
}

/** A page of the donors who could give to a request (its requester and staff). */
export function useMatches(requestId: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...matchesKey(requestId), 'list', page],
    queryFn: async () => {
      const { headers, ...found } = await requestPage(listMatches, {
        params: { id: requestId },
        query: { page, limit: MATCHES_PAGE_SIZE },
      });
      // The requester's daily budget of donor emails (issue 25); null for staff.
      return { ...found, emailBudget: readDonorEmailBudget(headers) };
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** PUT /users/me/availability: pause until a date, until turned back on, or resume. */
export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (availability: Availability) => request(setAvailability, { json: availability }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
