import { useQuery } from '@tanstack/react-query';
import type { RequestStatus } from '../../../../common/constants.ts';
import { api } from '../../../lib/api.ts';

/** GET /admin-stats (docs/api.md): totals, requests per status and per blood group. */
export interface AdminStats {
  users: number;
  donationRequest: number;
  byStatus: Record<RequestStatus, number>;
  byBloodGroup: Record<string, number>;
}

/** The staff dashboard's numbers; request changes invalidate ['admin-stats'] (requests.api.ts). */
export function useAdminStats() {
  return useQuery({
    queryKey: ['admin-stats'],
    queryFn: () => api<AdminStats>('/admin-stats'),
    staleTime: 60_000,
  });
}
