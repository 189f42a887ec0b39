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

/** GET /api/ready: the database answers (Redis, when configured, is reported beside it). */
export const ready = {
  method: 'get',
  path: '/ready',
  tags: ['System'],
  summary:
    'The server can serve requests (its database answers); Redis, when configured, is reported: ' +
    'while it is away the rate limits count in the database',
  responses: {
    // Readiness answers its own 503 (what does not answer), never the error shape's.
    ...errors(),
    200: json(
      z.strictObject({
        status: z.literal('ready'),
        database: z.literal('ok'),
        redis: z.enum(['ok', 'unreachable']).optional(),
      }),
      'Ready',
    ),
    503: json(
      z.strictObject({
        status: z.literal('not ready'),
        database: z.enum(['ok', 'unreachable']),
        redis: z.enum(['ok', 'unreachable']).optional(),
      }),
      'The database does not answer',
    ),
  },
} as const satisfies Endpoint;

/**
 * GET /api/metrics: Prometheus text format. It exists only when METRICS_TOKEN or METRICS_ALLOW
 * is set, and answers only that bearer token or those addresses.
 */
export const metrics = {
  method: 'get',
  path: '/metrics',
  tags: ['System'],
  summary: 'Counters for Prometheus: requests by route and status, latency, memory, job backlog',
  description:
    'Only when the server sets METRICS_TOKEN (send it as `Authorization: Bearer …`) or ' +
    'METRICS_ALLOW (the addresses that may read it); otherwise 404. Not the session bearer token.',
  responses: {
    200: {
      description: 'Prometheus text exposition format 0.0.4',
      content: { 'text/plain': { schema: z.string() } },
    },
    ...errors(401, 403, 404),
  },
} as const satisfies Endpoint;
