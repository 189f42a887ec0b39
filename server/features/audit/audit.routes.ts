import * as contract from '../../../common/contract/audit.contract.ts';
import type { AuditEntryResponse } from '../../../common/trust-response.schema.ts';
import { requireRole, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import type { AppDeps } from '../../lib/context.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage } from '../../lib/pagination.ts';
import type { AuditRow } from './audit.repository.ts';
import * as audit from './audit.repository.ts';

function toAuditDto(row: AuditRow): AuditEntryResponse {
  return {
    id: row.id,
    at: toIso(row.createdAt),
    actorName: row.actorName,
    actorEmail: row.actorEmail,
    actorRole: row.actorRole,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    detail: row.detail,
  };
}

/** Issue 14: the audit log of staff actions, for admins. */
export function auditRoutes({ db }: AppDeps) {
  return createRouter().openapi(
    guarded(contract.listAuditLog, requireUser, requireRole('admin')),
    async (c) => {
      const { actor, action, ...page } = c.req.valid('query');
      const filter = { actor, action };
      const items = await listPage(
        c,
        page,
        {
          rows: (slice) => audit.findAll(db, filter, slice),
          total: () => audit.countAll(db, filter),
          keyOf: (row) => [toIso(row.createdAt), row.id],
          capped: true,
        },
        toAuditDto,
      );
      return c.json(items, 200);
    },
  );
}
