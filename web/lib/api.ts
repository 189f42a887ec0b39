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

export interface ApiInit extends RequestInit {
  /** Sent as a JSON body with the matching Content-Type; use instead of `body`. */
  json?: unknown;
}

/**
 * Calls our API. `path` is relative to /api: `api('/contacts')` calls `/api/contacts`.
 * Resolves with the parsed JSON answer (undefined for 204) or throws an ApiError.
 */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const response = await send(path, init);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * One page of a list endpoint: the JSON array plus its X-Total-Count header (DESIGN §1, Lists
 * and pages). Errors as for api(); without the header the total is the number of items received.
 */
export async function apiPage<T>(
  path: string,
  init: ApiInit = {},
): Promise<{ items: T[]; total: number }> {
  const response = await send(path, init);
  const items = (await response.json()) as T[];
  const header = response.headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  return { items, total: Number.isFinite(total) ? total : items.length };
}

/** Sends the request; resolves with an ok Response or throws an ApiError. */
async function send(path: string, init: ApiInit): Promise<Response> {
  const { json, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  headers.set('Accept', 'application/json');
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
