import * as contract from '../../../common/contract/donor-emails.contract.ts';
import type { DonorEmailBudgetReachedResponse } from '../../../common/donor-email-budget-response.schema.ts';
import { requireRole, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import type { AppDeps } from '../../lib/context.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage } from '../../lib/pagination.ts';
import * as donorEmails from './donor-emails.repository.ts';

function toReachedDto(row: donorEmails.BudgetReachedRow): DonorEmailBudgetReachedResponse {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    day: row.day,
    allowance: Number(row.allowance),
    hidden: Number(row.hidden),
    reachedAt: toIso(row.reachedAt),
    lastAt: toIso(row.lastAt),
  };
}

/** Issue 25: who went past their daily budget of donor emails, for staff to look into. */
export function donorEmailsRoutes({ db }: AppDeps) {
  return createRouter().openapi(
    guarded(contract.listBudgetReached, requireUser, requireRole('admin', 'volunteer')),
    async (c) => {
      const items = await listPage(
        c,
        c.req.valid('query'),
        {
          rows: (slice) => donorEmails.findAllReached(db, slice),
          total: () => donorEmails.countReached(db),
          keyOf: (row) => [toIso(row.reachedAt), row.id],
          capped: true,
        },
        toReachedDto,
      );
      return c.json(items, 200);
    },
  );
}
