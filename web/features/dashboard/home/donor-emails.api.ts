import { useQuery } from '@tanstack/react-query';
import { listBudgetReached } from '../../../../common/contract/donor-emails.contract.ts';
import { requestPage } from '../../../lib/api.ts';

/** How many accounts the staff home lists: the latest; the API pages through the rest. */
export const BUDGET_REACHED_SHOWN = 10;

/** The latest accounts that went past their daily budget of donor emails (issue 25, staff). */
export function useBudgetReached() {
  return useQuery({
    queryKey: ['donor-emails', 'budget-reached'],
    queryFn: async () => {
      const { items, total, capped } = await requestPage(listBudgetReached, {
        query: { page: 1, limit: BUDGET_REACHED_SHOWN },
      });
      return { items, total, capped };
    },
    staleTime: 60_000,
  });
}
