import { z } from 'zod';
import { type Endpoint, errors, json } from './define.ts';

/** GET /api/health: the process answers (for load balancers). */
export const health = {
  method: 'get',
  path: '/health',
  tags: ['System'],
  summary: 'The server is up',
  responses: { 200: json(z.strictObject({ status: z.literal('ok') }), 'Up'), ...errors() },
} as const satisfies Endpoint;

/** GET /api/ready: the database answers too. */
export const ready = {
  method: 'get',
  path: '/ready',
  tags: ['System'],
  summary: 'The server can serve requests (its database answers)',
  responses: {
    200: json(z.strictObject({ status: z.literal('ready'), database: z.literal('ok') }), 'Ready'),
    503: json(
      z.strictObject({ status: z.literal('not ready'), database: z.literal('unreachable') }),
      'The database does not answer',
    ),
    ...errors(),
  },
} as const satisfies Endpoint;
