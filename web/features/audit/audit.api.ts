import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listAuditLog } from '../../../common/contract/audit.contract.ts';
import type { AuditAction } from '../../../common/trust.constants.ts';
import { requestPage } from '../../lib/api.ts';

export const AUDIT_PAGE_SIZE = 20;

/** The audit log (admin), newest first, by actor email and action. */
export function useAuditLog(filter: { actor: string; action: AuditAction | '' }, page: number) {
  return useQuery({
    queryKey: ['audit-log', filter.actor, filter.action, page],
    queryFn: () =>
      requestPage(listAuditLog, {
        query: {
          page,
          limit: AUDIT_PAGE_SIZE,
          ...(filter.actor ? { actor: filter.actor } : {}),
          ...(filter.action ? { action: filter.action } : {}),
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
