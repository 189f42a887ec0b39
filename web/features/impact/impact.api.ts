import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOutcomes } from '../../../common/contract/outcomes.contract.ts';
import type { OutcomeGroup } from '../../../common/outcomes.schema.ts';
import { request } from '../../lib/api.ts';

/** GET /api/outcomes for the last 12 months (the server's default period), grouped. */
export const outcomesQueryOptions = (groupBy: OutcomeGroup) =>
  queryOptions({
    queryKey: ['outcomes', groupBy],
    queryFn: () => request(getOutcomes, { query: { groupBy } }),
    // Outcomes change slowly; the server lets caches keep them 5 minutes too.
    staleTime: 5 * 60_000,
  });

export const useOutcomes = (groupBy: OutcomeGroup) => useQuery(outcomesQueryOptions(groupBy));
