import { outcomesQuerySchema, outcomesResponseSchema } from '../outcomes.schema.ts';
import { overdueRequestResponseSchema } from '../overdue.schema.ts';
import { paginationSchema } from '../pagination.schema.ts';
import { type Endpoint, errors, json, notModified, page, signedIn } from './define.ts';

/** GET /api/outcomes: the measures of outcomes for a period (issue 29), for anyone. */
export const getOutcomes = {
  method: 'get',
  path: '/outcomes',
  tags: ['Outcomes'],
  summary:
    'Time to a donor, bags fulfilled, alerts per bag: aggregates of the requests made in a period (cells under 5 requests withheld)',
  description:
    'Period: `from` and `to`, Dhaka dates the requests were made (inclusive; default the last 12 months, at most 5 years). Filters: division, urgency, component, bloodGroup. `groupBy`: month, day (a period of at most 31 days), division, urgency, component or bloodGroup. Aggregates only: never a name, a number or a request id. Waiting times come from fixed buckets (5, 10, 15, 30 minutes, 1, 2, 4, 8, 12, 24, 48 hours): each is the upper edge of the bucket the median or 90th percentile falls in.',
  request: { query: outcomesQuerySchema },
  responses: { 200: json(outcomesResponseSchema, 'The measures'), ...notModified, ...errors() },
} as const satisfies Endpoint;

/** GET /api/outcomes/overdue: open requests older than their urgency allows (staff). */
export const listOverdueRequests = {
  method: 'get',
  path: '/outcomes/overdue',
  tags: ['Outcomes'],
  summary:
    'Open requests older than their urgency allows, oldest first, for staff to follow up by phone (admin, volunteer)',
  description:
    'Open: pending, or in progress with a bag still unpledged. Overdue once open for 1 hour (critical), 6 hours (urgent) or 24 hours (scheduled), counted from when it was posted.',
  security: signedIn,
  request: { query: paginationSchema },
  responses: {
    200: page(overdueRequestResponseSchema, 'A page of overdue requests'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;
