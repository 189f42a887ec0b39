import { z } from 'zod';
import {
  deletedCountResponseSchema,
  modifiedCountResponseSchema,
} from '../api-responses.schema.ts';
import { paginationSchema } from '../pagination.schema.ts';
import {
  donorSearchSchema,
  languageChoiceSchema,
  updateProfileSchema,
  userStatusFilterSchema,
} from '../user.schema.ts';
import {
  donorResponseSchema,
  meResponseSchema,
  userResponseSchema,
} from '../user-response.schema.ts';
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
import { withDonorEmailBudget } from './donor-emails.contract.ts';
import { donorExample, userExample } from './examples.ts';

const emailParam = z.object({ email: z.string().min(1).max(254) });

const adminAction = (action: 'admin' | 'volunteer' | 'block' | 'unblock', summary: string) =>
  ({
    method: 'patch',
    path: `/users/${action}/{id}`,
    tags: ['Users'],
    summary: `${summary} (admin; never oneself; never the last admin)`,
    security: signedIn,
    request: { params: uuidParam },
    responses: {
      200: json(modifiedCountResponseSchema, 'Changed'),
      ...errors(401, 403, 404, 409),
    },
  }) as const satisfies Endpoint;

/** PATCH /api/users/admin/:id: make admin. */
export const makeAdmin = adminAction('admin', 'Make the user an admin');
/** PATCH /api/users/volunteer/:id: make volunteer. */
export const makeVolunteer = adminAction('volunteer', 'Make the user a volunteer');
/** PATCH /api/users/block/:id: block (their sessions end at once). */
export const blockUser = adminAction('block', 'Block the user; their sessions end at once');
/** PATCH /api/users/unblock/:id: unblock. */
export const unblockUser = adminAction('unblock', 'Unblock the user');

const checkRole = <R extends 'admin' | 'volunteer'>(role: R) =>
  ({
    method: 'get',
    path: `/users/check-${role}/{email}`,
    tags: ['Users'],
    summary: `Whether the caller is ${role === 'admin' ? 'an admin' : 'a volunteer'} (own email only)`,
    security: signedIn,
    request: { params: emailParam },
    responses: {
      200: json(
        z.strictObject({ [role]: z.boolean() } as { [K in R]: z.ZodBoolean }),
        'The answer',
      ),
      ...errors(401, 403),
    },
  }) as const satisfies Endpoint;

/** GET /api/users/check-admin/:email → {admin}. */
export const checkAdmin = checkRole('admin');
/** GET /api/users/check-volunteer/:email → {volunteer}. */
export const checkVolunteer = checkRole('volunteer');

/** GET /api/users/me: the caller's profile. */
export const getMe = {
  method: 'get',
  path: '/users/me',
  tags: ['Users'],
  summary: "The caller's own profile, with the language they chose",
  security: signedIn,
  responses: { 200: json(meResponseSchema, 'The profile'), ...errors(401, 403, 404) },
} as const satisfies Endpoint;

/** PUT /api/users/me/language: the caller's language, for the site and their emails. */
export const setLanguage = {
  method: 'put',
  path: '/users/me/language',
  tags: ['Users'],
  summary:
    "Choose English (en) or Bangla (bn): the site's language after sign-in, the language of error messages and of the caller's emails",
  security: signedIn,
  request: { body: body(languageChoiceSchema) },
  responses: {
    204: { description: 'Saved' },
    ...errors(401, 403, 413, 415),
  },
} as const satisfies Endpoint;

/** GET /api/users/donor: public donor search. */
export const searchDonors = {
  method: 'get',
  path: '/users/donor',
  tags: ['Users'],
  security: optionalSignIn,
  summary:
    'Search active, visible donors (the email only for signed-in callers, up to their daily budget)',
  request: { query: donorSearchSchema.extend(paginationSchema.shape) },
  responses: {
    200: withDonorEmailBudget(
      page(donorResponseSchema, 'A page of donors, by name', [donorExample]),
    ),
    // Asked anonymously, it carries an ETag (server/lib/public-list.ts).
    ...notModified,
    ...errors(),
  },
} as const satisfies Endpoint;

/** GET /api/users: every user (admin). */
export const listUsers = {
  method: 'get',
  path: '/users',
  tags: ['Users'],
  summary: 'Every user, newest first, optionally of one status (admin)',
  security: signedIn,
  request: { query: userStatusFilterSchema.extend(paginationSchema.shape) },
  responses: { 200: page(userResponseSchema, 'A page of users'), ...errors(401, 403) },
} as const satisfies Endpoint;

/**
 * GET /api/users/:id: one profile (self or staff). SPEC's `GET /users/{email}`: the segment is
 * an email, or (issue 32, decision 045) the user's id. One parameter name with PATCH and DELETE
 * `/users/{id}`, since OpenAPI forbids two templates that differ only in a parameter's name.
 */
export const getUser = {
  method: 'get',
  path: '/users/{id}',
  tags: ['Users'],
  summary: 'One profile by email (SPEC’s GET /users/{email}) or by id (oneself, or staff)',
  security: signedIn,
  request: {
    params: z.object({
      id: z
        .string()
        .min(1)
        .max(254)
        .meta({
          description: 'The user’s email (as in SPEC’s GET /users/{email}) or their id (a UUID)',
          examples: ['donor@example.com'],
        }),
    }),
  },
  responses: {
    200: json(userResponseSchema, 'The profile', userExample),
    ...errors(401, 403, 404),
  },
} as const satisfies Endpoint;

/** PATCH /api/users/donor/:id: Mark As Donated (today, set by the server). */
export const markDonated = {
  method: 'patch',
  path: '/users/donor/{id}',
  tags: ['Users'],
  summary: 'Mark As Donated: record a donation today (oneself only)',
  security: signedIn,
  request: { params: uuidParam },
  responses: { 200: json(modifiedCountResponseSchema, 'Recorded'), ...errors(401, 403) },
} as const satisfies Endpoint;

/** PATCH /api/users/:id: the caller's own profile fields. */
export const updateProfile = {
  method: 'patch',
  path: '/users/{id}',
  tags: ['Users'],
  summary: 'Change one’s own profile (name, photo, blood group, place, search visibility)',
  security: signedIn,
  request: { params: uuidParam, body: body(updateProfileSchema) },
  responses: {
    200: json(modifiedCountResponseSchema, 'Changed'),
    ...errors(401, 403, 404, 409, 413, 415),
  },
} as const satisfies Endpoint;

/** DELETE /api/users/:id: delete an account (admin). */
export const deleteUser = {
  method: 'delete',
  path: '/users/{id}',
  tags: ['Users'],
  summary: 'Delete an account (admin; never oneself; never the last admin)',
  security: signedIn,
  request: { params: uuidParam },
  responses: {
    200: json(deletedCountResponseSchema, 'Deleted'),
    ...errors(401, 403, 404, 409),
  },
} as const satisfies Endpoint;
