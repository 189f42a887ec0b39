import { modifiedCountResponseSchema } from '../api-responses.schema.ts';
import { availabilitySchema } from '../availability.schema.ts';
import { matchCountResponseSchema, matchResponseSchema } from '../match-response.schema.ts';
import { paginationSchema } from '../pagination.schema.ts';
import { body, type Endpoint, errors, json, page, signedIn, uuidParam } from './define.ts';
import { withDonorEmailBudget } from './donor-emails.contract.ts';

/** GET /api/donation-request/:id/matches: who could give, nearest first (requester, staff). */
export const listMatches = {
  method: 'get',
  path: '/donation-request/{id}/matches',
  tags: ['Matching'],
  summary:
    'Donors who could give to this request, nearest first, the exact group first at each distance (its requester, volunteers, admins)',
  security: signedIn,
  request: { params: uuidParam, query: paginationSchema },
  responses: {
    200: withDonorEmailBudget(
      page(matchResponseSchema, 'A page of the nearest matches (at most the nearest 200)'),
    ),
    ...errors(401, 403, 404),
  },
} as const satisfies Endpoint;

/** GET /api/donation-request/:id/matches/count: how many could give nearby (anyone signed in). */
export const countMatches = {
  method: 'get',
  path: '/donation-request/{id}/matches/count',
  tags: ['Matching'],
  summary:
    'How many compatible, eligible, available donors live in the request’s district, and anywhere (the matches list’s total)',
  security: signedIn,
  request: { params: uuidParam },
  responses: {
    200: json(matchCountResponseSchema, 'The count'),
    ...errors(401, 403, 404),
  },
} as const satisfies Endpoint;

/** PUT /api/users/me/availability: the caller's own pause. */
export const setAvailability = {
  method: 'put',
  path: '/users/me/availability',
  tags: ['Matching'],
  summary:
    'Pause or resume: not available until a date (it ends by itself), until turned back on, or available',
  security: signedIn,
  request: { body: body(availabilitySchema) },
  responses: {
    200: json(modifiedCountResponseSchema, 'Saved'),
    ...errors(401, 403, 413, 415),
  },
} as const satisfies Endpoint;
