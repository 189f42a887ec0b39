import { listOverdueRequests } from '../../../common/contract/outcomes.contract.ts';
import { OVERDUE_AFTER_MINUTES } from '../../../common/overdue.rules.ts';
import type { OverdueRequestResponse } from '../../../common/overdue.schema.ts';
import { requireRole, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import type { AppDeps } from '../../lib/context.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage } from '../../lib/pagination.ts';
import { countOverdue, findOverdue, type OverdueRow } from './overdue.repository.ts';

/**
 * GET /api/outcomes/overdue (issue 29): the open requests older than their urgency allows,
 * oldest first, so staff can step in by phone. Staff only: it names requests one by one, unlike
 * GET /api/outcomes. Mounted after the session is read (outcomesRoutes is not).
 */
export function overdueRoutes({ db, clock }: AppDeps) {
  const staff = [requireUser, requireRole('admin', 'volunteer')];
  return createRouter().openapi(guarded(listOverdueRequests, ...staff), async (c) => {
    // One instant for the page and its count, so both list the same requests.
    const now = clock.now();
    const toItem = (row: OverdueRow): OverdueRequestResponse => {
      const createdAt = toIso(row.createdAt);
      return {
        id: row.id,
        status: row.status,
        urgency: row.urgency,
        bloodGroup: row.bloodGroup,
        component: row.component,
        bags: Number(row.bags),
        bagsPledged: Number(row.bagsPledged),
        hospitalName: row.hospitalName,
        district: row.district,
        division: row.division,
        donationDate: row.donationDate,
        donationTime: row.donationTime,
        createdAt,
        openMinutes: Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 60_000)),
        overdueAfterMinutes: OVERDUE_AFTER_MINUTES[row.urgency],
      };
    };
    const items = await listPage(
      c,
      c.req.valid('query'),
      {
        rows: (page) => findOverdue(db, now, page),
        total: () => countOverdue(db, now),
        keyOf: (row) => [toIso(row.createdAt), row.id],
        // Grows with the country's unanswered requests: counted up to the cap.
        capped: true,
      },
      toItem,
    );
    return c.json(items, 200);
  });
}
