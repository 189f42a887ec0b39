import { z } from 'zod';
import { loginSchema, registerSchema } from '../auth.schema.ts';
import { BLOOD_GROUPS, ROLES, USER_STATUSES } from '../constants.ts';
import { type Endpoint, errors, json, optionalSignIn, refusal, signedIn } from './define.ts';

// better-auth serves these five (server/auth/auth-surface.ts); the rest of its paths answer 404.

/** The user as better-auth answers it after sign-up, sign-in and in the session. */
export const authUserSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    lastDonationDate: z.iso.datetime().nullable(),
    searchVisible: z.boolean(),
    bloodGroup: z.enum(BLOOD_GROUPS),
    division: z.string(),
    district: z.string(),
    upazila: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
  })
  .meta({ id: 'AuthUser' });

/** The browser session as get-session answers it: never its token. */
export const authSessionSchema = z.strictObject({
  id: z.string(),
  userId: z.string(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  ipAddress: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
});

const jsonBody = <S extends z.ZodType>(schema: S) =>
  ({ content: { 'application/json': { schema } }, required: true }) as const;
const emptyBody = jsonBody(z.strictObject({}));

/** POST /api/auth/sign-up/email: registers a donor and signs them in (session cookie). */
export const signUp = {
  method: 'post',
  path: '/auth/sign-up/email',
  tags: ['Account'],
  summary: 'Register (always a donor) and sign in with an httpOnly session cookie',
  request: { body: jsonBody(registerSchema) },
  responses: {
    200: json(z.strictObject({ user: authUserSchema }), 'Registered and signed in'),
    ...errors(403, 413, 415, 429),
    // A conflict like every other (decision 048): better-auth's own 422 is answered as 409.
    409: refusal(409, 'This email is already registered (USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL)'),
  },
} as const satisfies Endpoint;

/** POST /api/auth/sign-in/email: signs in (session cookie). */
export const signIn = {
  method: 'post',
  path: '/auth/sign-in/email',
  tags: ['Account'],
  summary: 'Sign in with an httpOnly session cookie',
  request: { body: jsonBody(loginSchema) },
  responses: {
    200: json(
      z.union([
        z.strictObject({ redirect: z.boolean(), url: z.string().optional(), user: authUserSchema }),
        // Issue 25: the password was right and a second factor is on: no session yet; send the
        // code to /auth/two-factor/verify-totp (or a recovery code to verify-backup-code).
        z.strictObject({
          twoFactorRedirect: z.literal(true),
          twoFactorMethods: z.array(z.string()),
        }),
      ]),
      'Signed in, or asked for the second factor',
    ),
    ...errors(401, 403, 413, 415, 429),
  },
} as const satisfies Endpoint;

/** POST /api/auth/sign-out: ends this session (cookie or bearer) and the tokens made from it. */
export const signOut = {
  method: 'post',
  path: '/auth/sign-out',
  tags: ['Account'],
  security: optionalSignIn,
  summary: 'End this session and every token made from it',
  request: { body: emptyBody },
  responses: {
    200: json(z.strictObject({ success: z.boolean() }), 'Signed out'),
    ...errors(401, 403, 413, 415, 429),
  },
} as const satisfies Endpoint;

/** POST /api/auth/revoke-sessions: "sign out everywhere". */
export const signOutEverywhere = {
  method: 'post',
  path: '/auth/revoke-sessions',
  tags: ['Account'],
  summary: 'Sign out everywhere: end every session and token of the caller',
  security: signedIn,
  request: { body: emptyBody },
  responses: {
    200: json(z.strictObject({ status: z.boolean() }), 'Every session ended'),
    ...errors(401, 403, 413, 415, 429),
  },
} as const satisfies Endpoint;

/** GET /api/auth/get-session: who is signed in, or null. */
export const getSession = {
  method: 'get',
  path: '/auth/get-session',
  tags: ['Account'],
  security: optionalSignIn,
  summary: 'The signed-in user and session (no token), or null',
  responses: {
    200: json(
      z
        .strictObject({
          session: authSessionSchema,
          // Issue 31: true until they agree to the privacy notice of today's version.
          user: authUserSchema.extend({ consentOwed: z.boolean() }),
        })
        .nullable(),
      'The session, or null for a visitor',
    ),
    ...errors(401, 429),
  },
} as const satisfies Endpoint;

/** POST /api/jwt: a bearer token for API clients, made from the caller's session. */
export const createToken = {
  method: 'post',
  path: '/jwt',
  tags: ['Account'],
  summary: 'A bearer token for API clients; it ends with the session it was made from (10 an hour)',
  security: signedIn,
  responses: {
    200: json(z.strictObject({ token: z.string() }), 'The token'),
    ...errors(401, 403, 429),
  },
} as const satisfies Endpoint;
