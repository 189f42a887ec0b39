import { z } from 'zod';
import {
  deletedCountResponseSchema,
  insertedIdResponseSchema,
  modifiedCountResponseSchema,
} from '../api-responses.schema.ts';
import { msg } from '../message-key.ts';
import { paginationSchema } from '../pagination.schema.ts';
import {
  createRequestSchema,
  pledgeOutcomeSchema,
  requestNeedFilterSchema,
  requestStatusFilterSchema,
  setBagsSchema,
  statusChangeSchema,
  updateRequestSchema,
} from '../request.schema.ts';
import { donationRequestResponseSchema } from '../request-response.schema.ts';
import { verifiedFilterSchema } from '../trust.schema.ts';
import {
  body,
  type Endpoint,
  errors,
  json,
  notModified,
  optionalSignIn,
  page,
  signedIn,
  uuidParam,
} from './define.ts';
import { createRequestExample, donationRequestExample, insertedIdExample } from './examples.ts';

const emailFilter = z
  .string()
  .trim()
  .max(254, 'email must be at most 254 characters')
  .optional()
  .transform((v) => (v ? v.toLowerCase() : undefined));

/** POST /api/donation-request: a new pending request; the requester is the caller. */
export const createRequest = {
  method: 'post',
  path: '/donation-request',
  tags: ['Donation requests'],
  summary: 'Create a donation request (the requester is the caller)',
  security: signedIn,
  request: { body: body(createRequestSchema, createRequestExample) },
  responses: {
    201: json(insertedIdResponseSchema, 'Created', insertedIdExample),
    // 409: too many open requests, or the same one already open (issue 14).
    ...errors(401, 403, 409, 413, 415),
  },
} as const satisfies Endpoint;

/**
 * GET /api/donation-request/allowance: how many open requests the caller has and may have, so the
 * form can say so before it is filled (issue 30 item 8). The create call still enforces it.
 */
export const getRequestAllowance = {
  method: 'get',
  path: '/donation-request/allowance',
  tags: ['Donation requests'],
  summary: 'How many open requests the caller has, and the most one person may have at once',
  security: signedIn,
  responses: {
    200: json(
      z.strictObject({ open: z.number().int().min(0), max: z.number().int().min(1) }),
      'The caller’s open requests and the limit',
    ),
    // 403: an API token without requests:write (issue 32).
    ...errors(401, 403),
  },
} as const satisfies Endpoint;

/** GET /api/donation-request/recent: the latest three of the caller (staff may name another). */
export const listRecentRequests = {
  method: 'get',
  path: '/donation-request/recent',
  tags: ['Donation requests'],
  summary: 'The three latest requests of the caller (staff may name an email)',
  security: signedIn,
  request: { query: z.object({ email: emailFilter }) },
  responses: {
    200: page(donationRequestResponseSchema, 'Up to three requests'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;

/** GET /api/donation-request/all: every request (staff). */
export const listAllRequests = {
  method: 'get',
  path: '/donation-request/all',
  tags: ['Donation requests'],
  summary: 'Every request, newest first, optionally of one status (admin, volunteer)',
  security: signedIn,
  request: {
    query: requestStatusFilterSchema.extend({
      ...paginationSchema.shape,
      // Issue 27: by component and urgency.
      ...requestNeedFilterSchema.shape,
    }),
  },
  responses: {
    200: page(donationRequestResponseSchema, 'A page of requests'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;

/** DELETE /api/donation-request/all/:id: the requester or an admin deletes a request. */
export const deleteRequest = {
  method: 'delete',
  path: '/donation-request/all/{id}',
  tags: ['Donation requests'],
  summary: 'Delete a request (its requester, or an admin)',
  security: signedIn,
  request: { params: uuidParam },
  responses: { 200: json(deletedCountResponseSchema, 'Deleted'), ...errors(401, 403, 404) },
} as const satisfies Endpoint;

/**
 * GET /api/donation-request: `?email=` lists that requester's requests (signed in: oneself, or
 * staff); `?status=pending` without email is the public list of requests with a bag still open
 * (issue 27: pending, or in progress with fewer pledges than bags), critical first, then urgent,
 * then scheduled, each soonest first.
 */
export const listRequests = {
  method: 'get',
  path: '/donation-request',
  tags: ['Donation requests'],
  security: optionalSignIn,
  summary: 'A requester’s requests (?email=, signed in), or the public open list (?status=pending)',
  request: {
    query: requestStatusFilterSchema.extend({
      email: emailFilter,
      ...paginationSchema.shape,
      // Issue 14: the public list can show only verified requests.
      ...verifiedFilterSchema.shape,
      // Issue 27: by component and urgency.
      ...requestNeedFilterSchema.shape,
    }),
  },
  responses: {
    200: page(donationRequestResponseSchema, 'A page of requests', [donationRequestExample]),
    // The public open list, asked anonymously, carries an ETag (server/lib/public-list.ts).
    ...notModified,
    ...errors(401, 403),
  },
} as const satisfies Endpoint;

/** GET /api/donation-request/:id: one request (signed in). */
export const getRequest = {
  method: 'get',
  path: '/donation-request/{id}',
  tags: ['Donation requests'],
  summary: 'One request (pending: anyone signed in; otherwise requester, donor, staff)',
  security: signedIn,
  request: { params: uuidParam },
  responses: {
    200: json(donationRequestResponseSchema, 'The request', donationRequestExample),
    ...errors(401, 403, 404),
  },
} as const satisfies Endpoint;

/**
 * PATCH /api/donation-request/:id: with `{status}` donate (`inprogress`: pledge one bag, issue
 * 27) or finish (`done`, `cancel`); otherwise the requester's edit of their pending request.
 */
export const changeRequest = {
  method: 'patch',
  path: '/donation-request/{id}',
  tags: ['Donation requests'],
  summary: 'Donate (status inprogress), mark done or cancel, or edit one’s pending request',
  security: signedIn,
  request: { params: uuidParam, body: body(z.union([statusChangeSchema, updateRequestSchema])) },
  responses: {
    200: json(modifiedCountResponseSchema, 'Changed'),
    ...errors(401, 403, 404, 409, 413, 415),
  },
} as const satisfies Endpoint;

const pledgeParams = uuidParam.extend({
  pledgeId: z.uuid({ error: msg('validation.id.uuid') }),
});

/**
 * POST /api/donation-request/:id/pledges/:pledgeId/outcome (issue 27): the requester or staff
 * record that the donor gave (`donated`: recorded on the donor; the request is done once every
 * bag is) or did not come (`no_show`: the bag is open again and its alerts resume).
 */
export const recordPledgeOutcome = {
  method: 'post',
  path: '/donation-request/{id}/pledges/{pledgeId}/outcome',
  tags: ['Donation requests'],
  summary: 'Mark one pledge donated or did-not-come (the requester, a volunteer or an admin)',
  security: signedIn,
  request: { params: pledgeParams, body: body(pledgeOutcomeSchema) },
  responses: {
    200: json(modifiedCountResponseSchema, 'Recorded'),
    ...errors(401, 403, 404, 409, 413, 415),
  },
} as const satisfies Endpoint;

/**
 * POST /api/donation-request/:id/bags (issue 27): the requester sets how many bags their open
 * request asks for (1 to 10, never fewer than its standing pledges): one request per need.
 */
export const setRequestBags = {
  method: 'post',
  path: '/donation-request/{id}/bags',
  tags: ['Donation requests'],
  summary: 'Set how many bags one’s open request asks for (its requester)',
  security: signedIn,
  request: { params: uuidParam, body: body(setBagsSchema) },
  responses: {
    200: json(modifiedCountResponseSchema, 'Changed'),
    ...errors(401, 403, 404, 409, 413, 415),
  },
} as const satisfies Endpoint;
