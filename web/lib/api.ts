import type { z } from 'zod';
import type { Endpoint } from '../../common/contract/define.ts';
import { type AnswerSchema, matchesAnswerSchema } from './answer-check.ts';
import { i18n } from './i18n.ts';

/** An error answer from our API, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

type UnauthorizedHandler = (error: ApiError) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Whether an answer means the session is gone: 401 (no session, or it ended) or a blocked
 * account. SPEC §8's "401 and 403 sign out" was about a lost or refused session (DESIGN §1, Web
 * session); every other 403 (FORBIDDEN, OWN_REQUEST, SELF_ACTION) refuses one action, and its
 * caller shows the message while the user stays signed in.
 */
export const endsSession = (error: ApiError) =>
  error.status === 401 || (error.status === 403 && error.code === 'ACCOUNT_BLOCKED');

/**
 * Called on every answer that `endsSession`. The auth feature registers one that signs the user
 * out and goes to /login; until then such answers are only thrown.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null) {
  unauthorizedHandler = handler;
}

type Request<E> = E extends { request: infer R } ? R : Record<never, never>;
type JsonBody<E> =
  Request<E> extends {
    body: { content: { 'application/json': { schema: infer B extends z.ZodType } } };
  }
    ? B
    : never;
type IsMultipart<E> =
  Request<E> extends { body: { content: { 'multipart/form-data': unknown } } } ? true : false;

/**
 * What a call to endpoint E takes, from its definition: path params and query as the server
 * reads them after parsing, the JSON body as its form produces it, or a form for an upload.
 */
export type EndpointInput<E extends Endpoint> = (Request<E> extends {
  params: infer P extends z.ZodType;
}
  ? { params: z.output<P> }
  : { params?: undefined }) &
  (Request<E> extends { query: infer Q extends z.ZodType }
    ? { query?: Partial<z.output<Q>> }
    : { query?: undefined }) &
  ([JsonBody<E>] extends [never] ? { json?: undefined } : { json: z.input<JsonBody<E>> }) &
  (IsMultipart<E> extends true ? { form: FormData } : { form?: undefined });

type Success<E> = E extends { responses: infer R }
  ? R extends { 200: { content: { 'application/json': { schema: infer S extends z.ZodType } } } }
    ? S
    : R extends { 201: { content: { 'application/json': { schema: infer S extends z.ZodType } } } }
      ? S
      : R extends { 204: unknown }
        ? z.ZodUndefined
        : never
  : never;

/** What endpoint E answers on success, from its definition. */
export type EndpointOutput<E extends Endpoint> = z.output<Success<E>>;

/** The address of a call: the definition's path with its params filled in, and the query. */
export function urlOf(endpoint: Endpoint, input: { params?: object; query?: object }): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return `${path}${query ? `?${query}` : ''}`;
}

/**
 * Calls `endpoint` (a definition from common/contract) and answers its success body, checked
 * against the definition's schema: the web app believes no answer it has not read. (In web/ the
 * definition's answers are JSON Schemas written from the zod ones at build: decision 020.)
 */
export async function request<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
): Promise<EndpointOutput<E>> {
  // The generic input is one of the shapes AnyInput covers; only its parts are read.
  const response = await sendTo(endpoint, input as AnyInput);
  return readAnswer(endpoint, response);
}

/**
 * One page of a list endpoint: the checked JSON array plus its X-Total-Count header (DESIGN §1,
 * Lists and pages); without the header the total is the number of items received.
 */
export async function requestPage<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
): Promise<{ items: EndpointOutput<E>; total: number; capped: boolean }> {
  // The generic input is one of the shapes AnyInput covers; only its parts are read.
  const response = await sendTo(endpoint, input as AnyInput);
  const items = await readAnswer(endpoint, response);
  const header = response.headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  const count = Array.isArray(items) ? items.length : 0;
  // X-Total-Capped: the server stopped counting; the total is "at least" (decision 006).
  const capped = response.headers.get('X-Total-Capped') === 'true';
  return { items, total: Number.isFinite(total) ? total : count, capped };
}

/** The parts of any endpoint's input, whatever its definition. */
interface AnyInput {
  params?: object;
  query?: object;
  json?: unknown;
  form?: FormData;
}

function sendTo(endpoint: Endpoint, input: AnyInput): Promise<Response> {
  const init: SendInit = { method: endpoint.method.toUpperCase() };
  if (input.json !== undefined) init.json = input.json;
  if (input.form !== undefined) init.body = input.form;
  return send(urlOf(endpoint, input), init);
}

async function readAnswer<E extends Endpoint>(
  endpoint: E,
  response: Response,
): Promise<EndpointOutput<E>> {
  const declared = (endpoint.responses as Record<string, DeclaredAnswer | undefined>)[
    String(response.status)
  ];
  // 204 (PUT /api/users/me/language): nothing to read, and nothing is expected.
  if (response.status === 204 && declared && !declared.content) {
    return undefined as EndpointOutput<E>;
  }
  const schema = declared?.content?.['application/json']?.schema;
  const body: unknown = await response.json().catch(() => undefined);
  if (!schema || !matchesAnswerSchema(schema, body)) {
    // The server and this page disagree about the contract: say so plainly, never guess.
    throw new ApiError(response.status, 'UNEXPECTED_ANSWER', i18n.t('errors.generic'));
  }
  // Answers have no transforms or defaults (the build checks), so what matches is the output.
  return body as EndpointOutput<E>;
}

/**
 * A success answer as web/ sees the contract: the JSON Schema the build wrote from its zod schema
 * (scripts/vite-answer-schemas.ts), so checking an answer needs no zod in the browser.
 */
interface DeclaredAnswer {
  content?: { 'application/json'?: { schema?: AnswerSchema } };
}

interface SendInit extends RequestInit {
  /** Sent as a JSON body with the matching Content-Type. */
  json?: unknown;
}

/** Sends the request; resolves with an ok Response or throws an ApiError. */
async function send(path: string, init: SendInit): Promise<Response> {
  const { json, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  headers.set('Accept', 'application/json');
  // The server writes its messages in this language (a signed-in user's own choice wins there).
  if (i18n.language) headers.set('Accept-Language', i18n.language);
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    rest.body = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...rest, headers, credentials: 'same-origin' });
  } catch {
    // Offline or the server is unreachable: status 0 keeps it retryable (see query-client.ts).
    throw new ApiError(0, 'NETWORK_ERROR', i18n.t('errors.generic'));
  }

  if (!response.ok) {
    const error = await readError(response);
    if (endsSession(error)) unauthorizedHandler?.(error);
    throw error;
  }
  return response;
}

/** Reads the server's `{error: {code, message}}` body; anything else gets the generic message. */
async function readError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const code = typeof error.code === 'string' ? error.code : 'UNKNOWN_ERROR';
  const message =
    typeof error.message === 'string' && error.message ? error.message : i18n.t('errors.generic');
  return new ApiError(response.status, code, message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
