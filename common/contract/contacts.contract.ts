import { insertedIdResponseSchema, modifiedCountResponseSchema } from '../api-responses.schema.ts';
import {
  contactSchema,
  contactStatusChangeSchema,
  contactStatusFilterSchema,
} from '../contact.schema.ts';
import { contactMessageResponseSchema } from '../contact-response.schema.ts';
import { paginationSchema } from '../pagination.schema.ts';
import { body, type Endpoint, errors, json, page, signedIn, uuidParam } from './define.ts';

/** POST /api/contacts: the home page's Get in Touch form. */
export const sendContactMessage = {
  method: 'post',
  path: '/contacts',
  tags: ['Contact'],
  summary: 'Send a message to the team (5 an hour per address)',
  request: { body: { content: { 'application/json': { schema: contactSchema } }, required: true } },
  responses: { 201: json(insertedIdResponseSchema, 'Stored'), ...errors(403, 413, 415, 429) },
} as const satisfies Endpoint;

/**
 * GET /api/contacts: the admins' inbox, newest first, optionally new or handled only. The total
 * stops counting at 10,000 (X-Total-Capped), as on the public lists: anyone can write to it.
 */
export const listContactMessages = {
  method: 'get',
  path: '/contacts',
  tags: ['Contact'],
  summary: 'Contact messages, newest first, optionally new or handled only (admin)',
  security: signedIn,
  request: { query: contactStatusFilterSchema.extend(paginationSchema.shape) },
  responses: {
    200: page(contactMessageResponseSchema, 'A page of messages'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;

/** PATCH /api/contacts/:id: mark a message handled (or new again) (admin). */
export const changeContactStatus = {
  method: 'patch',
  path: '/contacts/{id}',
  tags: ['Contact'],
  summary: 'Mark a contact message handled, or new again (admin)',
  security: signedIn,
  request: { params: uuidParam, body: body(contactStatusChangeSchema) },
  responses: {
    200: json(modifiedCountResponseSchema, 'Changed (0 when it already had that status)'),
    ...errors(401, 403, 404, 413, 415),
  },
} as const satisfies Endpoint;
