import { modifiedCountResponseSchema } from '../api-responses.schema.ts';
import { failedMessageResponseSchema } from '../outbox-response.schema.ts';
import { paginationSchema } from '../pagination.schema.ts';
import { type Endpoint, errors, json, page, signedIn, uuidParam } from './define.ts';

const tags = ['Outbox'];

/** GET /api/admin/outbox/failed: emails the outbox gave up on, latest first (admin). */
export const listFailedMessages = {
  method: 'get',
  path: '/admin/outbox/failed',
  tags,
  summary: 'Emails that could not be delivered in their time, latest failure first (admin)',
  security: signedIn,
  request: { query: paginationSchema },
  responses: {
    200: page(failedMessageResponseSchema, 'A page of failed emails'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;

/** POST /api/admin/outbox/:id/resend: a failed email back in the outbox, due now (admin). */
export const resendFailedMessage = {
  method: 'post',
  path: '/admin/outbox/{id}/resend',
  tags,
  summary:
    'Put a failed email back in the outbox, to be sent now and retried as a new one (admin); audited',
  security: signedIn,
  request: { params: uuidParam },
  responses: {
    200: json(modifiedCountResponseSchema, 'Queued again'),
    ...errors(401, 403, 404, 409),
  },
} as const satisfies Endpoint;
