import { z } from 'zod';
import { changePasswordSchema } from '../password-change.schema.ts';
import { body, type Endpoint, errors, json, signedIn } from './define.ts';

/**
 * POST /api/users/me/password: a signed-in user changes their password with better-auth's own
 * change-password (its HTTP path stays closed, server/auth/auth-surface.ts). Every other session
 * and API token of the account ends; this browser gets a fresh session cookie and stays signed in.
 */
export const changePassword = {
  method: 'post',
  path: '/users/me/password',
  tags: ['Account'],
  summary:
    'Change one’s password (the current one is counted by the account lockout); every other session ends',
  security: signedIn,
  request: { body: body(changePasswordSchema) },
  responses: {
    200: json(z.strictObject({ changed: z.literal(true) }), 'Changed; this session goes on'),
    ...errors(401, 403, 413, 415, 429),
  },
} as const satisfies Endpoint;
