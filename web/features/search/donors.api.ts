import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../../common/constants.ts';
import type { DonorResponse } from '../../../common/user-response.schema.ts';
import { apiPage } from '../../lib/api.ts';

/** The search's filters; an empty string means "any". */
export interface DonorFilters {
  bloodGroup: string;
  division: string;
  district: string;
  upazila: string;
}

export const DONOR_FILTER_KEYS = ['bloodGroup', 'division', 'district', 'upazila'] as const;

/**
 * One page of donors matching the filters; runs only when `enabled` (after a search).
 * The key starts with 'donors', which a sign-in or sign-out resets, so emails follow the session.
 */
export function useDonorSearch(filters: DonorFilters, page: number, { enabled = true } = {}) {
  return useQuery({
    queryKey: ['donors', filters, page],
    queryFn: () => {
      const params = new URLSearchParams();
      for (const key of DONOR_FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
      params.set('page', String(page));
      params.set('limit', String(DEFAULT_PAGE_SIZE));
      return apiPage<DonorResponse>(`/users/donor?${params}`);
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}
