import type { MiddlewareHandler } from 'hono';
import type { ApiTokenScope } from '../../../common/api-token.schema.ts';
import type { Role } from '../../../common/constants.ts';
import { msg } from '../../../common/message-key.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';

// Issue 32 (decision 044): what an API token may reach. Deny by default: a token call is let
// through only when one of its scopes lists the route. The session's own business (tokens,
// sign-in, password, phone, consent, deleting the account) is never a token's, whatever its
// scopes, so a leaked token cannot take the account over or make more tokens.

const ID = '[0-9a-fA-F-]{36}';
type Rule = [method: string, path: RegExp];
const route = (method: string, path: string): Rule => [method, new RegExp(`^/api${path}$`)];

const SESSION_ONLY: Rule[] = [
  route('*', '/tokens(/.*)?'),
  route('*', '/jwt'),
  route('*', '/auth/.*'),
  route('*', '/users/me/(password|phone|consent)(/.*)?'),
  route('DELETE', '/users/me'),
];

const READ_PUBLIC: Rule[] = [
  route('GET', '/donation-request'),
  route('GET', `/donation-request/${ID}`),
  route('GET', '/blogs(/publish)?'),
  route('GET', '/blogs/[^/]+'),
  route('GET', '/images/[^/]+'),
  route('GET', '/openapi.json'),
];

/** The caller's own requests; donating to someone else's (a pledge) is not among them. */
const MANAGE_REQUESTS: Rule[] = [
  route('GET', '/donation-request(/allowance|/recent)?'),
  route('GET', `/donation-request/${ID}`),
  route('POST', '/donation-request'),
  route('PATCH', `/donation-request/${ID}`),
  route('DELETE', `/donation-request/all/${ID}`),
  route('POST', `/donation-request/${ID}/(bags|repost)`),
  route('POST', `/donation-request/${ID}/pledges/${ID}/outcome`),
];

const RULES: Record<Exclude<ApiTokenScope, 'staff'>, Rule[]> = {
  'public:read': READ_PUBLIC,
  'requests:write': MANAGE_REQUESTS,
};

const STAFF_ROLES: readonly Role[] = ['volunteer', 'admin'];

/**
 * The role a token call acts with: the user's current role when the token has the `staff` scope
 * and the user is staff now; a donor's otherwise. Every staff check (requireRole, the routes'
 * own) then reads this role, so a token without `staff` reaches no staff action, and a `staff`
 * token of someone no longer staff is a donor's.
 */
export function effectiveRole(role: Role, scopes: readonly ApiTokenScope[]): Role {
  return scopes.includes('staff') && STAFF_ROLES.includes(role) ? role : 'donor';
}

const matches = (rules: Rule[], method: string, path: string) =>
  rules.some(([m, pattern]) => (m === '*' || m === method) && pattern.test(path));

/** Whether the role may give a token the `staff` scope. */
export const mayGrantStaff = (role: Role) => STAFF_ROLES.includes(role);

/** Refuses a token call outside its scopes (403); after loadSession, before any route. */
export const refuseOutOfScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.get('session')?.apiToken;
  if (!token) return next();
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const path = c.req.path;
  if (matches(SESSION_ONLY, method, path)) {
    throw new AppError(403, 'BROWSER_SESSION_REQUIRED', msg('errors.apiTokens.sessionOnly'));
  }
  // `staff` stands only while the user is staff: the role set by loadSession says so.
  if (token.scopes.includes('staff') && c.get('user')?.role !== 'donor') return next();
  for (const scope of token.scopes) {
    if (scope === 'staff' || !matches(RULES[scope], method, path)) continue;
    if (scope === 'requests:write' && method === 'PATCH' && (await isPledge(c.req))) continue;
    return next();
  }
  throw new AppError(403, 'INSUFFICIENT_SCOPE', msg('errors.apiTokens.outOfScope'));
};

/** A PATCH of a request with `{status: 'inprogress'}` pledges a bag: a donor's act, not managing. */
async function isPledge(req: { json: () => Promise<unknown> }): Promise<boolean> {
  // Hono keeps the parsed body, so the route's own validation reads the same one.
  const body = await req.json().catch(() => undefined);
  return (
    typeof body === 'object' && body !== null && 'status' in body && body.status === 'inprogress'
  );
}

/** What an API token needs to reach a route, as the document tells partners (issue 32 item 3). */
export interface TokenAccess {
  /** Never a token's, whatever its scopes (403 BROWSER_SESSION_REQUIRED). */
  sessionOnly: boolean;
  /** The scopes besides `staff` that reach it (a staff token of a staff user reaches all but the session's own). */
  scopes: Array<Exclude<ApiTokenScope, 'staff'>>;
}

/** `method` and `path` as the router sees them (`/api/donation-request/0193…`). */
export function tokenAccess(method: string, path: string): TokenAccess {
  if (matches(SESSION_ONLY, method, path)) return { sessionOnly: true, scopes: [] };
  const scopes = (Object.keys(RULES) as Array<keyof typeof RULES>).filter((scope) =>
    matches(RULES[scope], method, path),
  );
  return { sessionOnly: false, scopes };
}
