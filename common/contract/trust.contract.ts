import { z } from 'zod';
import { insertedIdResponseSchema, modifiedCountResponseSchema } from '../api-responses.schema.ts';
import { paginationSchema } from '../pagination.schema.ts';
import {
  dismissReportSchema,
  removeRequestSchema,
  reportSchema,
  repostSchema,
  withdrawSchema,
} from '../trust.schema.ts';
import {
  reportedRequestResponseSchema,
  reportResponseSchema,
  withdrawalResponseSchema,
} from '../trust-response.schema.ts';
import { body, type Endpoint, errors, json, page, signedIn, uuidParam } from './define.ts';

// Trust and the request lifecycle (issue 14): verification, reports, removal, withdrawal, repost.

const tags = ['Trust'];

/** POST /api/donation-request/:id/verify: staff checked the request (pending only). */
export const verifyRequest = {
  method: 'post',
  path: '/donation-request/{id}/verify',
  tags,
  summary: 'Mark a pending request verified after checking it (admin, volunteer)',
  security: signedIn,
  request: { params: uuidParam },
  responses: {
    200: json(modifiedCountResponseSchema, 'Verified'),
    ...errors(401, 403, 404, 409),
  },
} as const satisfies Endpoint;

/** POST /api/donation-request/:id/report: one report per person per request. */
export const reportRequest = {
  method: 'post',
  path: '/donation-request/{id}/report',
  tags,
  summary:
    'Report a request (asks for money, fake or duplicate, abusive); once per person, a few a day',
  security: signedIn,
  request: { params: uuidParam, body: body(reportSchema) },
  responses: {
    201: json(insertedIdResponseSchema, 'Reported'),
    ...errors(401, 403, 404, 409, 413, 415, 429),
  },
} as const satisfies Endpoint;

/** GET /api/reports: the staff queue, requests with open reports, most reported first. */
export const listReportedRequests = {
  method: 'get',
  path: '/reports',
  tags,
  summary: 'Requests with open reports, most reported first (admin, volunteer)',
  security: signedIn,
  request: { query: paginationSchema },
  responses: {
    200: page(reportedRequestResponseSchema, 'A page of reported requests'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;

/** GET /api/donation-request/:id/reports: every report on one request (staff). */
export const listRequestReports = {
  method: 'get',
  path: '/donation-request/{id}/reports',
  tags,
  summary: 'The reports on one request, newest first (admin, volunteer)',
  security: signedIn,
  request: { params: uuidParam, query: paginationSchema },
  responses: {
    200: page(reportResponseSchema, 'A page of reports'),
    ...errors(401, 403, 404),
  },
} as const satisfies Endpoint;

/** PATCH /api/reports/:id: staff dismiss a report. */
export const dismissReport = {
  method: 'patch',
  path: '/reports/{id}',
  tags,
  summary: 'Dismiss an open report (admin, volunteer)',
  security: signedIn,
  request: { params: uuidParam, body: body(dismissReportSchema) },
  responses: {
    200: json(modifiedCountResponseSchema, 'Dismissed'),
    ...errors(401, 403, 404, 409, 413, 415),
  },
} as const satisfies Endpoint;

/** POST /api/donation-request/:id/remove: staff take a request down (it is canceled). */
export const removeRequest = {
  method: 'post',
  path: '/donation-request/{id}/remove',
  tags,
  summary:
    'Remove a request after reports: it is canceled and its reports upheld (admin, volunteer)',
  security: signedIn,
  request: { params: uuidParam, body: body(removeRequestSchema) },
  responses: {
    200: json(modifiedCountResponseSchema, 'Removed'),
    ...errors(401, 403, 404, 409, 413, 415),
  },
} as const satisfies Endpoint;

/** POST /api/donation-request/:id/withdraw: the donor backs out before the donation time. */
export const withdrawFromRequest = {
  method: 'post',
  path: '/donation-request/{id}/withdraw',
  tags,
  summary: 'Withdraw as the donor before the donation time; the request is pending again',
  security: signedIn,
  request: { params: uuidParam, body: body(withdrawSchema) },
  responses: {
    200: json(modifiedCountResponseSchema, 'Withdrawn'),
    ...errors(401, 403, 404, 409, 413, 415),
  },
} as const satisfies Endpoint;

/** POST /api/donation-request/:id/repost: the requester posts an expired request again. */
export const repostRequest = {
  method: 'post',
  path: '/donation-request/{id}/repost',
  tags,
  summary: 'Post an expired request again with the same details on a new date (its requester)',
  security: signedIn,
  request: { params: uuidParam, body: body(repostSchema) },
  responses: {
    201: json(insertedIdResponseSchema, 'Posted again'),
    ...errors(401, 403, 404, 409, 413, 415),
  },
} as const satisfies Endpoint;

/** GET /api/withdrawals: donors' withdrawals, newest first, with each donor's count (staff). */
export const listWithdrawals = {
  method: 'get',
  path: '/withdrawals',
  tags,
  summary: 'Withdrawals by donors, newest first, with how often each donor withdrew (staff)',
  security: signedIn,
  request: {
    query: paginationSchema.extend({
      donor: z
        .string()
        .trim()
        .max(254, 'donor must be at most 254 characters')
        .optional()
        .transform((v) => (v ? v.toLowerCase() : undefined)),
    }),
  },
  responses: {
    200: page(withdrawalResponseSchema, 'A page of withdrawals'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;
