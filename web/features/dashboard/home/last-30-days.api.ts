import { useQuery } from '@tanstack/react-query';
import { getOutcomes } from '../../../../common/contract/outcomes.contract.ts';
import { request } from '../../../lib/api.ts';

/** GET /api/outcomes?groupBy=day: the server's default period for it, the last 30 days. */
export const useLast30Days = () =>
  useQuery({
    queryKey: ['outcomes', 'day'],
    queryFn: () => request(getOutcomes, { query: { groupBy: 'day' } }),
    // As /impact's: the server lets caches keep outcomes 5 minutes.
    staleTime: 5 * 60_000,
  });
