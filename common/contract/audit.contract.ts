import { paginationSchema } from '../pagination.schema.ts';
import { auditFilterSchema } from '../trust.schema.ts';
import { auditEntryResponseSchema } from '../trust-response.schema.ts';
import { type Endpoint, errors, page, signedIn } from './define.ts';

/** GET /api/audit-log: staff actions, newest first, by actor (email) and action (admin). */
export const listAuditLog = {
  method: 'get',
  path: '/audit-log',
  tags: ['Audit'],
  summary: 'Staff actions, newest first, optionally by actor email and action (admin)',
  security: signedIn,
  request: { query: auditFilterSchema.extend(paginationSchema.shape) },
  responses: {
    200: page(auditEntryResponseSchema, 'A page of the audit log'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;
