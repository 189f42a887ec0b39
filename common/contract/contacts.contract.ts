import { insertedIdResponseSchema } from '../api-responses.schema.ts';
import { contactSchema } from '../contact.schema.ts';
import { type Endpoint, errors, json } from './define.ts';

/** POST /api/contacts: the home page's Get in Touch form. */
export const sendContactMessage = {
  method: 'post',
  path: '/contacts',
  tags: ['Contact'],
  summary: 'Send a message to the team (5 an hour per address)',
  request: { body: { content: { 'application/json': { schema: contactSchema } }, required: true } },
  responses: { 201: json(insertedIdResponseSchema, 'Stored'), ...errors(403, 413, 415, 429) },
} as const satisfies Endpoint;
