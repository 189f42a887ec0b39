import { adminStats } from '../../../common/contract/stats.contract.ts';
import { requireRole, requireUser } from '../../auth/session.ts';
import type { AppDeps } from '../../lib/context.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import * as stats from './stats.repository.ts';

export function statsRoutes({ db }: AppDeps) {
  return createRouter().openapi(
    guarded(adminStats, requireUser, requireRole('admin', 'volunteer')),
    async (c) => {
      const [users, byStatus, byBloodGroup] = await Promise.all([
        stats.countUsers(db),
        stats.countByStatus(db),
        stats.countByBloodGroup(db),
      ]);
      const donationRequest = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
      return c.json({ users, donationRequest, byStatus, byBloodGroup }, 200);
    },
  );
}
