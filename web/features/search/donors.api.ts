import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../../common/constants.ts';
import { searchDonors } from '../../../common/contract/users.contract.ts';
import { readDonorEmailBudget } from '../../../common/donor-email-budget.ts';
import type { DonorSearch } from '../../../common/user.schema.ts';
import { requestPage } from '../../lib/api.ts';

/** The search form's filters, one text per filter the server reads; an empty one means "any". */
export type DonorFilters = Record<keyof DonorSearch, string>;

export const DONOR_FILTER_KEYS = ['bloodGroup', 'division', 'district', 'upazila'] as const;

/**
 * One page of donors matching the filters; runs only when `enabled` (after a search).
 * The key starts with 'donors', which a sign-in or sign-out resets, so emails follow the session.
 */
export function useDonorSearch(filters: DonorFilters, page: number, { enabled = true } = {}) {
  return useQuery({
    queryKey: ['donors', filters, page],
    queryFn: async () => {
      // The server's own schema turns the form's texts into its query (empty means any). It
      // brings zod, so it comes with the first search, not with the page (decision 020).
      const { donorSearchSchema } = await import('../../../common/user.schema.ts');
      const { headers, ...found } = await requestPage(searchDonors, {
        query: { ...donorSearchSchema.parse(filters), page, limit: DEFAULT_PAGE_SIZE },
      });
      // A signed-in caller's daily budget of donor emails (issue 25); null for visitors, staff.
      return { ...found, emailBudget: readDonorEmailBudget(headers) };
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}
