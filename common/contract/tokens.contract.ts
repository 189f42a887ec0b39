import { z } from 'zod';
import { deletedCountResponseSchema } from '../api-responses.schema.ts';
import { createApiTokenSchema } from '../api-token.schema.ts';
import {
  apiTokenResponseSchema,
  createdApiTokenResponseSchema,
} from '../api-token-response.schema.ts';
import { body, type Endpoint, errors, json, uuidParam } from './define.ts';
import { createApiTokenExample, createdApiTokenExample } from './examples.ts';

// Issue 32 (decision 044): personal API tokens for programs. Managed only from a browser
// session (a token cannot make, list or revoke tokens), so a leaked token cannot make more.
const browserSession: Array<Record<string, string[]>> = [{ cookie: [] }];

/** GET /api/tokens: the caller's live tokens, newest first, without their secrets. */
export const listApiTokens = {
  method: 'get',
  path: '/tokens',
  tags: ['API tokens'],
  summary: 'The caller’s API tokens: name, scopes, created, last used (never the secret)',
  security: browserSession,
  responses: {
    200: json(z.array(apiTokenResponseSchema), 'The caller’s tokens'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;

/**
 * POST /api/tokens: a new token with a name and scopes; its secret is in this answer only. The
 * `staff` scope only for a volunteer or an admin (403 SCOPE_NOT_ALLOWED); at most
 * MAX_API_TOKENS_PER_USER live tokens (409 TOO_MANY_API_TOKENS).
 */
export const createApiToken = {
  method: 'post',
  path: '/tokens',
  tags: ['API tokens'],
  summary: 'Create an API token (its secret is shown in this answer only)',
  security: browserSession,
  request: { body: body(createApiTokenSchema, createApiTokenExample) },
  responses: {
    201: json(createdApiTokenResponseSchema, 'Created; keep the token now', createdApiTokenExample),
    // 429 TOO_MANY_TOKENS: 20 made in an hour.
    ...errors(401, 403, 409, 413, 415, 429),
  },
} as const satisfies Endpoint;

/** DELETE /api/tokens/:id: revokes one of the caller's tokens; its next use is a 401. */
export const revokeApiToken = {
  method: 'delete',
  path: '/tokens/{id}',
  tags: ['API tokens'],
  summary: 'Revoke one of the caller’s API tokens',
  security: browserSession,
  request: { params: uuidParam },
  responses: { 200: json(deletedCountResponseSchema, 'Revoked'), ...errors(401, 403, 404) },
} as const satisfies Endpoint;
