import { adminStatsResponseSchema } from '../stats.schema.ts';
import { type Endpoint, errors, json, signedIn } from './define.ts';

/** GET /api/admin-stats: totals for the staff dashboard. */
export const adminStats = {
  method: 'get',
  path: '/admin-stats',
  tags: ['Dashboard'],
  summary: 'Totals: users, requests by status and by blood group (admin, volunteer)',
  security: signedIn,
  responses: { 200: json(adminStatsResponseSchema, 'Totals'), ...errors(401, 403) },
} as const satisfies Endpoint;
