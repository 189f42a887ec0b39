import type { z } from 'zod';
import type { Endpoint } from '../../common/contract/define.ts';
import { PAGE_USER_HEADER, SESSION_CHANGED } from '../../common/page-user.ts';
import { i18n } from './i18n.ts';

/** An error answer from our API, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The request a refusal is about (issue 27: DUPLICATE_REQUEST names the open one). */
  readonly requestId: string | undefined;
  /** The server's message for each field it refused (a 400's `details`), by field name. */
  readonly details: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: string,
    message: string,
    {
      requestId,
      details = {},
    }: { requestId?: string; details?: Readonly<Record<string, string>> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.details = details;
  }
}

/** What to tell a person about a failed call: our API's own words, else `fallback`. */
export const apiMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/**
 * A list refused the page number it was asked for (a 400 naming `page`: an old link to a page
 * past the numbered ones). Asking again cannot help; page 1 can (issue 30).
 */
export const isPageRefused = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 400 && 'page' in error.details;

type UnauthorizedHandler = (error: ApiError) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The user this page shows (its session's), named on every change it sends (issue 30). */
let pageUser: string | null = null;
let sessionChangedHandler: (() => void) | null = null;

/**
 * Who the page is showing, and what to do when the server says the session is someone else's
 * now (SESSION_CHANGED: signed in as another user in another tab). Set by the auth feature.
 */
export function setPageUser(userId: string | null, onSessionChanged?: () => void) {
  pageUser = userId;
  if (onSessionChanged) sessionChangedHandler = onSessionChanged;
}

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
 * against the definition's own zod schema: the web app believes no answer it has not read. The
 * contract's schemas come with the page that calls the endpoint, not with the first load
 * (decision 028).
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
 * Lists and pages); without the header the total is the number of items received. `headers`
 * are the answer's, for a list that states more (the donor-email budget, issue 25).
 */
export async function requestPage<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
): Promise<{ items: EndpointOutput<E>; total: number; capped: boolean; headers: Headers }> {
  // The generic input is one of the shapes AnyInput covers; only its parts are read.
  const response = await sendTo(endpoint, input as AnyInput);
  const items = await readAnswer(endpoint, response);
  const header = response.headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  const count = Array.isArray(items) ? items.length : 0;
  // X-Total-Capped: the server stopped counting; the total is "at least" (decision 006).
  const capped = response.headers.get('X-Total-Capped') === 'true';
  return {
    items,
    total: Number.isFinite(total) ? total : count,
    capped,
    headers: response.headers,
  };
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
  const checked = schema?.safeParse(body);
  if (!checked?.success) {
    // The server and this page disagree about the contract: say so plainly, never guess.
    throw new ApiError(response.status, 'UNEXPECTED_ANSWER', i18n.t('errors.generic'));
  }
  return checked.data as EndpointOutput<E>;
}

/** A declared answer of an endpoint: its body's zod schema, from the contract. */
interface DeclaredAnswer {
  content?: { 'application/json'?: { schema?: z.ZodType } };
}

interface SendInit extends RequestInit {
  /** Sent as a JSON body with the matching Content-Type. */
  json?: unknown;
}

/** Sends the request; resolves with an ok Response or throws an ApiError. */
export async function send(path: string, init: SendInit): Promise<Response> {
  const { json, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  headers.set('Accept', 'application/json');
  // The server writes its messages in this language (a signed-in user's own choice wins there).
  if (i18n.language) headers.set('Accept-Language', i18n.language);
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    rest.body = JSON.stringify(json);
  }
  // A change is made only as the user this page shows (server/auth/session-owner.ts).
  const method = (rest.method ?? 'GET').toUpperCase();
  if (pageUser && method !== 'GET' && method !== 'HEAD') headers.set(PAGE_USER_HEADER, pageUser);

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
    if (error.code === SESSION_CHANGED) sessionChangedHandler?.();
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
  const requestId = typeof error.requestId === 'string' ? error.requestId : undefined;
  const details = isRecord(error.details)
    ? Object.fromEntries(
        Object.entries(error.details).filter((entry): entry is [string, string] => {
          return typeof entry[1] === 'string';
        }),
      )
    : {};
  return new ApiError(response.status, code, message, { requestId, details });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
