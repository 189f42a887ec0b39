import { z } from 'zod';
import { authUserSchema } from './auth.contract.ts';
import { type Endpoint, errors, json, signedIn } from './define.ts';

// Issue 25: better-auth's twoFactor plugin serves these (server/auth/two-factor.ts); they are
// described here, and server/auth/auth-surface.ts opens exactly them.

const jsonBody = <S extends z.ZodType>(schema: S) =>
  ({ content: { 'application/json': { schema } }, required: true }) as const;

const password = z.strictObject({ password: z.string() });
const code = z.strictObject({ code: z.string() });

/** POST /api/auth/two-factor/enable: starts setting up an authenticator app. */
export const enableTwoFactor = {
  method: 'post',
  path: '/auth/two-factor/enable',
  tags: ['Account'],
  summary:
    'Start setting up an authenticator app (password again): its otpauth:// address and 10 recovery codes, shown once. It is on after the first code is verified',
  security: signedIn,
  request: { body: jsonBody(password) },
  responses: {
    200: json(
      z.strictObject({
        method: z.literal('totp'),
        totpURI: z.string(),
        backupCodes: z.array(z.string()),
      }),
      'The authenticator secret (as an otpauth:// address) and the recovery codes',
    ),
    ...errors(401, 403, 413, 415, 429),
  },
} as const satisfies Endpoint;

/**
 * POST /api/auth/two-factor/verify-totp: a 6-digit code from the app, either to finish setting it
 * up (signed in) or as the second step of a sign-in (after the password; sets the session cookie).
 */
export const verifyTotp = {
  method: 'post',
  path: '/auth/two-factor/verify-totp',
  tags: ['Account'],
  summary:
    "A 6-digit code from the authenticator app: finishes its setup, or a sign-in's second step",
  request: { body: jsonBody(code) },
  responses: {
    200: json(z.strictObject({ user: authUserSchema }), 'Verified (and signed in)'),
    ...errors(401, 403, 413, 415, 429),
  },
} as const satisfies Endpoint;

/** POST /api/auth/two-factor/verify-backup-code: a recovery code, each usable once. */
export const verifyBackupCode = {
  method: 'post',
  path: '/auth/two-factor/verify-backup-code',
  tags: ['Account'],
  summary: "A recovery code in place of the app's code; each works once",
  request: { body: jsonBody(code) },
  responses: {
    200: json(z.strictObject({ user: authUserSchema }), 'Verified (and signed in)'),
    ...errors(401, 403, 409, 413, 415, 429),
  },
} as const satisfies Endpoint;

/** POST /api/auth/two-factor/disable: turns the second factor off (password again). */
export const disableTwoFactor = {
  method: 'post',
  path: '/auth/two-factor/disable',
  tags: ['Account'],
  summary: 'Turn the second factor off (password again); an admin then loses admin actions',
  security: signedIn,
  request: { body: jsonBody(password) },
  responses: {
    200: json(z.strictObject({ status: z.boolean() }), 'Turned off'),
    ...errors(401, 403, 413, 415, 429),
  },
} as const satisfies Endpoint;
