import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type BloodGroup, DEFAULT_PAGE_SIZE } from '../../../common/constants.ts';
import { apiPage } from '../../lib/api.ts';

/** A donor search card as GET /api/users/donor answers it; `email` is null for visitors. */
export interface Donor {
  id: string;
  _id: string;
  name: string;
  image: string | null;
  bloodGroup: BloodGroup;
  division: string;
  district: string;
  upazila: string | null;
  eligible: boolean;
  email: string | null;
}

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
      return apiPage<Donor>(`/users/donor?${params}`);
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}
