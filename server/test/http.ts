import { expectAnswerMatchesContract } from './contract-check.ts';
import { TEST_PASSWORD, TEST_TOTP_KEY } from './factories.ts';
import type { TestApp } from './test-app.ts';
import { totp } from './totp.ts';

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** The socket address the request seems to come from. */
  ip?: string;
  /** Only for tests that break the database on purpose: a 500 is expected, not a contract breach. */
  brokenOnPurpose?: boolean;
}

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * One JSON request to the in-process app, as a browser on the site's own origin would send it.
 * Every answer is checked against its endpoint definition (contract-check.ts).
 */
export async function call<T = any>(
  t: TestApp,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { origin: 'http://localhost:3000', ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await t.app.request(
    path,
    { method, headers, body },
    { incoming: { socket: { remoteAddress: options.ip ?? '10.0.0.1', remotePort: 1 } } },
  );
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  if (!options.brokenOnPurpose) {
    expectAnswerMatchesContract(method, path, res.status, res.headers, parsed);
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** The session cookie a sign-in/sign-up answer set, ready to send back. */
export function sessionCookie(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c?.includes('session_token'))
    .join('; ');
}

/**
 * Signs in through the real endpoint (password defaults to the factories' TEST_PASSWORD). When
 * the password step asks for a second factor (a factory admin, issue 25), the code of the
 * factories' authenticator goes to the code step, whose answer (with the session cookie) is
 * returned; `{ code: false }` stops at the password step's answer instead.
 */
export async function signIn(
  t: TestApp,
  email: string,
  password = TEST_PASSWORD,
  { code = true }: { code?: boolean } = {},
) {
  const first = await call(t, 'POST', '/api/auth/sign-in/email', { body: { email, password } });
  if (!code || first.body?.twoFactorRedirect !== true) return first;
  return call(t, 'POST', '/api/auth/two-factor/verify-totp', {
    headers: { cookie: twoFactorCookie(first.headers) },
    body: { code: totp(TEST_TOTP_KEY) },
  });
}

/** The cookie of a sign-in waiting for its second factor, ready to send back. */
export function twoFactorCookie(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c?.includes('two_factor'))
    .join('; ');
}

/**
 * A request with a body `call` cannot send (a multipart upload, a form, raw headers), answered
 * as a Response and checked against the contract like every other answer.
 */
export async function request(
  t: TestApp,
  path: string,
  init: RequestInit = {},
  env?: unknown,
): Promise<Response> {
  const res = await t.app.request(path, init, env as never);
  const text = await res.clone().text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (an image): only the status is checked
  }
  expectAnswerMatchesContract(init.method ?? 'GET', path, res.status, res.headers, parsed);
  return res;
}
