import { z } from 'zod';
import { API_TOKEN_SCOPES } from './api-token.schema.ts';

/** One of the caller's API tokens as listed: never its secret, which only its creation shows. */
export const apiTokenResponseSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(API_TOKEN_SCOPES)),
    createdAt: z.iso.datetime(),
    /** Null until the token is first used. */
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiTokenResponse = z.infer<typeof apiTokenResponseSchema>;

/** The answer to POST /api/tokens: the token and, this once, its secret. */
export const createdApiTokenResponseSchema = apiTokenResponseSchema
  .extend({
    /** Sent as `Authorization: Bearer <token>`; shown only here, stored only as its hash. */
    token: z.string(),
  })
  .meta({ id: 'CreatedApiToken' });
export type CreatedApiTokenResponse = z.infer<typeof createdApiTokenResponseSchema>;
