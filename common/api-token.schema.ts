import { z } from 'zod';
import { msg } from './message-key.ts';

/**
 * Issue 32: what a personal API token may do (decision 044).
 * - `public:read`: read what anyone may read (open requests, blogs, places, outcomes).
 * - `requests:write`: the caller's own donation requests: create, read, edit, finish, delete.
 * - `staff`: the staff work the user's role allows; given only by a volunteer or an admin, and
 *   void at use once the user is no longer staff.
 */
export const API_TOKEN_SCOPES = ['public:read', 'requests:write', 'staff'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** How many live tokens one person may hold: enough for a few programs, not a way to hide one. */
export const MAX_API_TOKENS_PER_USER = 10;

export const API_TOKEN_NAME_MAX = 60;

/** POST /api/tokens: a name to know the token by, and at least one scope. */
export const createApiTokenSchema = z.strictObject(
  {
    name: z
      .string({ error: msg('validation.apiToken.nameRequired') })
      .trim()
      .min(1, msg('validation.apiToken.nameRequired'))
      .max(API_TOKEN_NAME_MAX, msg('validation.apiToken.nameTooLong', { max: API_TOKEN_NAME_MAX })),
    scopes: z
      .array(z.enum(API_TOKEN_SCOPES, { error: msg('validation.apiToken.unknownScope') }), {
        error: msg('validation.apiToken.scopesRequired'),
      })
      .min(1, msg('validation.apiToken.scopesRequired'))
      .max(API_TOKEN_SCOPES.length, msg('validation.apiToken.scopesRequired'))
      .refine((scopes) => new Set(scopes).size === scopes.length, {
        message: msg('validation.apiToken.scopesRepeated'),
      }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? msg('validation.apiToken.unknownField', { keys: issue.keys.join(', ') })
        : undefined,
  },
);
export type CreateApiToken = z.infer<typeof createApiTokenSchema>;
