import { tokenAccess } from '../tokens/token-scopes.ts';

// Issue 32 item 3: who may make each call, and the refusals that follow from it, said in the
// document from the rules the server applies (the security the contract declares, the token
// scopes of server/features/tokens/token-scopes.ts), so they cannot drift apart.

type Requirement = Record<string, string[]>;
interface Answer {
  description?: string;
  content?: unknown;
}
export interface AccessOperation {
  description?: string;
  security?: Requirement[];
  responses?: Record<string, Answer>;
}

const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
/** Any id stands for a path parameter: the scope rules only look at its shape. */
const SAMPLE_ID = '0193a5e4-44dd-7f55-9a66-7b88c9d0e1f2';

/**
 * Says in each operation's description who may call it and what a personal API token needs,
 * declares `security: []` where anyone may (so "no sign-in" is stated, not left out), and lists
 * the 401, 403 and 500 answers that follow. Changes `operation` in place.
 */
export function describeAccess(method: string, path: string, operation: AccessOperation) {
  const security = operation.security;
  const signIn = !security?.length
    ? 'none'
    : security.some((requirement) => Object.keys(requirement).length === 0)
      ? 'optional'
      : 'required';
  const access = tokenAccess(method.toUpperCase(), `/api${path.replace(/\{[^}]+\}/g, SAMPLE_ID)}`);
  // Routes answered before the caller is read (health, places, the contact form…) match no
  // scope rule and never look at a token; every other route reads it and may refuse it.
  const readsCaller = signIn !== 'none' || access.sessionOnly || access.scopes.length > 0;
  if (signIn === 'none') operation.security = [];

  const who = {
    required: 'Signed in: the browser session cookie, or a bearer token.',
    optional:
      'Anyone; a signed-in caller (cookie or bearer token) may be answered more, as the answer says.',
    none: readsCaller ? 'Anyone.' : 'Anyone; no sign-in is read.',
  }[signIn];
  const token = !readsCaller
    ? ''
    : access.sessionOnly
      ? ' Not with a personal API token (403 BROWSER_SESSION_REQUIRED): a browser session only.'
      : access.scopes.length
        ? ` A personal API token needs the scope ${access.scopes.map((s) => `\`${s}\``).join(' or ')} (or \`staff\`, on a volunteer's or admin's token); otherwise 403 INSUFFICIENT_SCOPE.`
        : " A personal API token needs the `staff` scope (a volunteer's or admin's token); otherwise 403 INSUFFICIENT_SCOPE.";
  const line = `${who}${token}`;
  operation.description = operation.description ? `${operation.description}\n\n${line}` : line;

  operation.responses ??= {};
  const responses = operation.responses;
  if (readsCaller) {
    responses['401'] ??= {
      description:
        signIn === 'required'
          ? 'Not signed in, or the session or token has ended'
          : 'A session or token was sent but has ended (revoked, expired, or its user blocked or deleted); send none to be answered as anyone',
      content: ERROR_CONTENT,
    };
    const refusal = access.sessionOnly
      ? 'with a personal API token: BROWSER_SESSION_REQUIRED (a browser session only)'
      : 'with a personal API token: INSUFFICIENT_SCOPE (its scopes do not reach this call)';
    const forbidden = responses['403'];
    if (forbidden) forbidden.description = `${forbidden.description ?? 'Not allowed'}; ${refusal}`;
    else responses['403'] = { description: `Not allowed: ${refusal}`, content: ERROR_CONTENT };
  }
  responses['500'] ??= {
    description: 'An unexpected fault on our side (INTERNAL_ERROR); the message says no more',
    content: ERROR_CONTENT,
  };
}
