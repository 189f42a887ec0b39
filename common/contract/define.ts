import type { RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import { COUNT_CAP } from '../constants.ts';
import { ERROR_CODE_LIST } from '../error-codes.ts';
import { msg } from '../message-key.ts';

// The pieces every endpoint definition is built from. Definitions live in common/ so the server
// implements them, the OpenAPI document describes them and the web client is typed by them:
// one statement of each endpoint. Only a type comes from the OpenAPI library, so the browser
// bundle carries the zod schemas and nothing else.

export type Endpoint = RouteConfig;

/** Every refusal: a stable code for programs, a message for people, per-field messages. */
export const errorResponseSchema = z
  .strictObject({
    error: z.strictObject({
      code: z.enum(ERROR_CODE_LIST).meta({
        // The server's document adds what each code means (server/features/docs).
        description: 'A stable code for programs',
      }),
      message: z.string().meta({ description: 'For people, in the caller’s language' }),
      details: z.record(z.string(), z.string()).optional(),
      /** The request the refusal is about (issue 27: DUPLICATE_REQUEST names the open one). */
      requestId: z.string().optional(),
    }),
  })
  .meta({
    id: 'Error',
    examples: [
      {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'bloodGroup must be one of A+, A-, B+, B-, AB+, AB-, O+, O-',
          details: { bloodGroup: 'bloodGroup must be one of A+, A-, B+, B-, AB+, AB-, O+, O-' },
        },
      },
    ],
  });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A JSON answer; `example` (what the server sends) shows in the document, checked by a test. */
export function json<const S extends z.ZodType>(
  schema: S,
  description: string,
  example?: z.input<S>,
) {
  return {
    description,
    content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } },
  } as const;
}

const ERROR_MEANINGS = {
  400: 'The request is not valid; the message says which field and why',
  401: 'Not signed in, or the session or token has ended',
  403: 'Signed in but not allowed (code ACCOUNT_BLOCKED: the account is blocked)',
  404: 'No such thing',
  409: 'The change conflicts with the current state (the code says how)',
  413: 'The body is too large',
  415: 'The body is not JSON',
  429: 'Too many attempts; Retry-After says when to try again',
  503: 'The database cannot be reached just now (code DATABASE_UNAVAILABLE); Retry-After says when to try again',
} as const;
type ErrorStatus = keyof typeof ERROR_MEANINGS;

type ErrorAnswers<S extends ErrorStatus> = {
  [K in S]: ReturnType<typeof json<typeof errorResponseSchema>>;
};

const retryAfter = z.string().meta({
  description: 'Seconds to wait before trying again',
  examples: ['60'],
});
/** Every 429 says when to try again; a 503 does while the database is away (not SMS_OFF). */
const retryAfterHeaders = {
  429: z.object({ 'Retry-After': retryAfter }),
  503: z.object({ 'Retry-After': retryAfter.optional() }),
} as const;

/** One refusal: the error shape, and `Retry-After` where the status promises it. */
export function refusal(status: ErrorStatus, description: string = ERROR_MEANINGS[status]) {
  const answer = json(errorResponseSchema, description);
  return status === 429 || status === 503
    ? { ...answer, headers: retryAfterHeaders[status] }
    : answer;
}

/**
 * The refusals an endpoint can answer, all in the one error shape. 400 is always among them:
 * any path, query or body can hold text we refuse (a NUL character, broken percent-encoding);
 * and 503, since any answer may need the database while it is away (issue 25). An endpoint with
 * a 503 of its own states it after these.
 */
export function errors<const S extends ErrorStatus>(...statuses: S[]): ErrorAnswers<S | 400 | 503> {
  return Object.fromEntries(
    [400 as const, ...statuses, 503 as const].map((status) => [status, refusal(status)]),
  ) as ErrorAnswers<S | 400 | 503>;
}

/** A path id: our ids are UUIDs (v7). */
export const uuidParam = z.object({
  id: z.uuid({ error: msg('validation.id.uuid') }),
});

/** `{security}` for endpoints that need a signed-in caller (cookie or bearer token). */
export const signedIn: Array<Record<string, string[]>> = [{ cookie: [] }, { bearer: [] }];

/**
 * `{security}` for endpoints anyone may call whose answer depends on who is signed in (issue 32:
 * optional sign-in, as OpenAPI says it: no credentials, or either kind).
 */
export const optionalSignIn: Array<Record<string, string[]>> = [{}, ...signedIn];

/** A page of a list: a JSON array, with the total and the neighbouring pages in headers. */
export function page<const S extends z.ZodType>(
  item: S,
  description: string,
  example?: Array<z.input<S>>,
) {
  return {
    description,
    headers: z.object({
      'X-Total-Count': z.string().meta({ description: 'How many items match, over all pages' }),
      Link: z.string().meta({
        description:
          'RFC 8288 links: first, prev, next, last; past the counted pages, next continues with ?after=',
      }),
      'X-Total-Capped': z
        .literal('true')
        .optional()
        .meta({
          description: `Present when the count stopped at ${COUNT_CAP.toLocaleString('en')}: the total is at least that`,
        }),
    }),
    content: {
      'application/json': {
        schema: z.array(item),
        ...(example === undefined ? {} : { example }),
      },
    },
  } as const;
}

/** Answered to a GET whose If-None-Match holds the answer's current ETag: no body. */
export const notModified = {
  304: { description: 'Not modified since the ETag you hold (sent in If-None-Match)' },
} as const;

/** A JSON request body; `example` (what a client sends) shows in the document. */
export function body<const S extends z.ZodType>(schema: S, example?: z.input<S>) {
  return {
    content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } },
    required: true,
  } as const;
}
