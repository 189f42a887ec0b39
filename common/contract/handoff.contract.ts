import { staffContactViewSchema } from '../handoff.schema.ts';
import {
  contactStateResponseSchema,
  requestContactsResponseSchema,
} from '../handoff-response.schema.ts';
import { phoneCodeSchema } from '../phone.schema.ts';
import { body, type Endpoint, errors, json, signedIn, uuidParam } from './define.ts';

const tags = ['Phone and SMS'];

/**
 * GET /api/donation-request/:id/contacts (issue 28): the numbers of a pledge's two sides. The
 * donor of a standing pledge gets the request's verified contact number; the requester each
 * standing pledge's donor's verified number. Each reveal is audited.
 */
export const getRequestContacts = {
  method: 'get',
  path: '/donation-request/{id}/contacts',
  tags,
  summary:
    'The numbers of a hand-off: to a donor with a standing pledge the request’s, to the requester its donors’ (open requests; each reveal audited)',
  security: signedIn,
  request: { params: uuidParam },
  responses: {
    200: json(requestContactsResponseSchema, 'The numbers'),
    // 403: not a side of a standing pledge, the pledge withdrawn or not come, the request ended.
    ...errors(401, 403, 404),
  },
} as const satisfies Endpoint;

/** POST /api/donation-request/:id/contacts/staff-view: staff look, saying why (audited). */
export const staffViewRequestContacts = {
  method: 'post',
  path: '/donation-request/{id}/contacts/staff-view',
  tags,
  summary:
    'Staff see a request’s numbers (its contact and every pledge’s donor), giving a reason the audit log keeps (volunteer, admin)',
  security: signedIn,
  request: { params: uuidParam, body: body(staffContactViewSchema) },
  responses: {
    200: json(requestContactsResponseSchema, 'The numbers'),
    ...errors(401, 403, 404, 413, 415),
  },
} as const satisfies Endpoint;

/** POST /api/donation-request/:id/contact/code: a code by SMS to the request's contact number. */
export const requestContactCode = {
  method: 'post',
  path: '/donation-request/{id}/contact/code',
  tags,
  summary:
    'Send a 6-digit code to the request’s contact number (its requester; the same limits as a profile number)',
  security: signedIn,
  request: { params: uuidParam },
  responses: {
    202: json(contactStateResponseSchema, 'The code is on its way'),
    ...errors(401, 403, 404, 409, 429),
  },
} as const satisfies Endpoint;

/** POST /api/donation-request/:id/contact/confirm: the code; the contact number is verified. */
export const confirmContactCode = {
  method: 'post',
  path: '/donation-request/{id}/contact/confirm',
  tags,
  summary: 'Confirm the code: the request’s contact number is used for the hand-off from now on',
  security: signedIn,
  request: { params: uuidParam, body: body(phoneCodeSchema) },
  responses: {
    200: json(contactStateResponseSchema, 'Verified'),
    ...errors(401, 403, 404, 409, 413, 415),
  },
} as const satisfies Endpoint;
