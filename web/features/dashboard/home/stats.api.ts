import { useQuery } from '@tanstack/react-query';
import type { AdminStatsResponse } from '../../../../common/stats.schema.ts';
import { api } from '../../../lib/api.ts';

/** The staff dashboard's numbers; request changes invalidate ['admin-stats'] (requests.api.ts). */
export function useAdminStats() {
  return useQuery({
    queryKey: ['admin-stats'],
    queryFn: () => api<AdminStatsResponse>('/admin-stats'),
    staleTime: 60_000,
  });
}
