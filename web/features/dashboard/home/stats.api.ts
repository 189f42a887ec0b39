import { useQuery } from '@tanstack/react-query';
import { adminStats } from '../../../../common/contract/stats.contract.ts';
import { request } from '../../../lib/api.ts';

/** The staff dashboard's numbers; request changes invalidate ['admin-stats'] (requests.api.ts). */
export function useAdminStats() {
  return useQuery({
    queryKey: ['admin-stats'],
    queryFn: () => request(adminStats, {}),
    staleTime: 60_000,
  });
}
