import { z } from 'zod';
import { passwordResetRequestSchema, passwordResetSchema } from '../password-reset.schema.ts';
import { body, type Endpoint, errors, json, refusal } from './define.ts';

/** GET /api/password-reset: whether this server can send reset links (it sends email). */
export const passwordResetStatus = {
  method: 'get',
  path: '/password-reset',
  tags: ['Account'],
  summary: 'Whether password reset by email is available on this server',
  responses: {
    200: json(z.strictObject({ available: z.boolean() }), 'Available or not'),
    ...errors(),
  },
} as const satisfies Endpoint;

/** POST /api/password-reset: emails a link, if an account uses the address. */
export const requestPasswordReset = {
  method: 'post',
  path: '/password-reset',
  tags: ['Account'],
  summary:
    'Ask for a password-reset link: the same answer whether or not an account uses the address',
  request: { body: body(passwordResetRequestSchema) },
  responses: {
    200: json(
      z.strictObject({ message: z.string() }),
      'Taken: a link goes out if the account exists',
    ),
    ...errors(413, 415, 429),
    503: refusal(
      503,
      'This server does not send email, so it cannot send the link (EMAIL_UNAVAILABLE); or the database cannot be reached just now (DATABASE_UNAVAILABLE, with Retry-After)',
    ),
  },
} as const satisfies Endpoint;

/** POST /api/password-reset/confirm: sets the new password; every session of the account ends. */
export const resetPassword = {
  method: 'post',
  path: '/password-reset/confirm',
  tags: ['Account'],
  summary:
    'Set a new password with a reset link’s token (once, within 30 minutes); signs out everywhere',
  request: { body: body(passwordResetSchema) },
  responses: {
    200: json(z.strictObject({ reset: z.literal(true) }), 'The password is changed'),
    ...errors(413, 415, 429),
  },
} as const satisfies Endpoint;
