import { Hono } from 'hono';
import type { AdminStatsResponse } from '../../../common/stats.schema.ts';
import { requireRole, requireUser } from '../../auth/session.ts';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import * as stats from './stats.repository.ts';

export function statsRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get(
    '/admin-stats',
    requireUser,
    requireRole('admin', 'volunteer'),
    async (c) => {
      const [users, byStatus, byBloodGroup] = await Promise.all([
        stats.countUsers(db),
        stats.countByStatus(db),
        stats.countByBloodGroup(db),
      ]);
      const donationRequest = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
      return c.json({
        users,
        donationRequest,
        byStatus,
        byBloodGroup,
      } satisfies AdminStatsResponse);
    },
  );
}
