import type { Kysely } from 'kysely';
import {
  createToken,
  getSession,
  signIn,
  signOut,
  signOutEverywhere,
  signUp,
} from '../../common/contract/auth.contract.ts';
import * as twoFactor from '../../common/contract/two-factor.contract.ts';
import { isErrorCode } from '../../common/error-codes.ts';
import type { Language } from '../../common/languages.ts';
import { msg, parseMessage } from '../../common/message-key.ts';
import type { Database } from '../db/schema.ts';
import * as consents from '../features/privacy/consent.repository.ts';
import { revokeAllApiTokens } from '../features/tokens/revoke-all.ts';
import type { AppDeps } from '../lib/context.ts';
import { AppError, notFound, unauthorized } from '../lib/errors.ts';
import { callerLanguage, hasMessage, retryIn, textOf } from '../lib/messages.ts';
import { createRouter, guarded } from '../lib/openapi.ts';
import { rateLimit } from '../lib/rate-limit.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { assertAuthBody } from './auth-bodies.ts';
import { isAllowedAuthEndpoint } from './auth-surface.ts';
import { clientIp } from './client-ip.ts';
import { bearerToken, currentUser, languageSource, requireUser } from './session.ts';
import { TOKENS_PER_HOUR } from './session-limits.ts';
import * as sessions from './sessions.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** better-auth's codes for an email already registered. */
const TAKEN_EMAIL_CODES = new Set(['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']);

/**
 * Reshapes better-auth's answers for the web: errors become the API's {error: {code, message}},
 * session tokens leave the body (the browser holds its session in an httpOnly cookie, and page
 * scripts must not read it), and a 429 says when to retry in the standard header.
 */
async function reshape(
  res: Response,
  path: string,
  language: Language,
  db: Kysely<Database>,
): Promise<Response> {
  if (!res.headers.get('content-type')?.includes('application/json')) return res;
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  const retryAfter = Number(headers.get('x-retry-after'));
  const limited = res.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0;
  if (limited) headers.set('retry-after', String(Math.ceil(retryAfter)));
  if (res.status >= 400) headers.append('vary', 'Accept-Language');
  const refusal = limited
    ? addressLimitRefusal(path, Math.ceil(retryAfter))
    : res.status >= 400
      ? {
          // Only codes of the documented enum: another of the library's is AUTH_ERROR (its
          // message kept), so a partner's client never meets a code it was not told of.
          code: typeof body?.code === 'string' && isErrorCode(body.code) ? body.code : 'AUTH_ERROR',
          // Our own refusals from inside better-auth carry their message's key (auth.ts).
          message:
            typeof body?.messageKey === 'string'
              ? body.messageKey
              : typeof body?.message === 'string'
                ? body.message
                : undefined,
        }
      : undefined;
  // A taken email is a conflict like every other (409, decision 048); better-auth says 422.
  const status = refusal && TAKEN_EMAIL_CODES.has(refusal.code) ? 409 : res.status;
  const answer = refusal
    ? {
        error: {
          code: refusal.code,
          message: authErrorText(language, refusal.code, refusal.message),
        },
      }
    : withoutTokens(body);
  if (path === '/get-session' && !refusal) await withConsentOwed(db, answer);
  return new Response(JSON.stringify(answer), { status, headers });
}

/**
 * A refusal's words in the caller's language: ours (a message key, from our hooks) translated;
 * better-auth's own kept as they are in English and looked up by code in Bangla.
 */
function authErrorText(language: Language, code: string, message: string | undefined): string {
  if (message && parseMessage(message)) return textOf(language, message);
  if (language === 'en' && message) return message;
  const key = `errors.auth.${code}`;
  return textOf(language, hasMessage(key) ? key : msg('errors.auth.generic'));
}

/**
 * better-auth's per-address limit says only "Too many requests. Please try again later.": say
 * which limit it is and when to try again, as our own limits do.
 */
function addressLimitRefusal(path: string, seconds: number) {
  const refused = (reason: string) =>
    msg('errors.retry.refused', { reasonMessage: reason, whenMessage: retryIn(seconds) });
  if (path === '/sign-up/email') {
    return {
      code: 'TOO_MANY_SIGN_UPS',
      message: refused(msg('errors.limits.signUps')),
    };
  }
  if (path === '/sign-in/email') {
    return {
      code: 'TOO_MANY_SIGN_INS',
      message: refused(msg('errors.limits.signIns')),
    };
  }
  return { code: 'TOO_MANY_REQUESTS', message: refused(msg('errors.limits.requests')) };
}

/**
 * Issue 31: the session's user says whether they owe consent to the privacy notice (never given,
 * or given to an older version), so the web asks before anything else after sign-in.
 */
async function withConsentOwed(db: Kysely<Database>, answer: Record<string, unknown> | null) {
  const user = answer?.user as Record<string, unknown> | undefined;
  if (user && typeof user.id === 'string') {
    user.consentOwed = (await consents.consentState(db, user.id)).owed;
  }
}

/** The answer without `token` and `session.token` (sign-in, sign-up and get-session carry them). */
function withoutTokens(body: Record<string, unknown> | null) {
  if (!body) return body;
  const { token: _token, ...rest } = body;
  const session = rest.session;
  if (session && typeof session === 'object' && 'token' in session) {
    const { token: _sessionToken, ...kept } = session as Record<string, unknown>;
    rest.session = kept;
  }
  return rest;
}

function isJsonOrEmpty(request: Request): boolean {
  const type = request.headers.get('content-type');
  if (type) return /^application\/json\s*(;|$)/i.test(type);
  return !request.body || request.headers.get('content-length') === '0';
}

export function authRoutes({ auth, env, db, counters }: AppDeps) {
  const routes = createRouter();
  const languages = languageSource(auth, db);
  // better-auth validates and answers these itself; they are described here, served below.
  for (const endpoint of [signUp, signIn, signOut, signOutEverywhere, getSession]) {
    routes.openAPIRegistry.registerPath(endpoint);
  }
  for (const endpoint of Object.values(twoFactor)) {
    routes.openAPIRegistry.registerPath(endpoint);
  }
  routes
    // A bearer caller signs out or out everywhere here: better-auth only knows cookies.
    .post('/auth/sign-out', async (c, next) => {
      const session = c.get('session');
      if (!session?.viaBearer) return next();
      await sessions.deleteById(db, session.id);
      return c.json({ success: true });
    })
    .post('/auth/revoke-sessions', async (c, next) => {
      const session = c.get('session');
      if (!session?.viaBearer) return next();
      await sessions.deleteAllByUser(db, currentUser(c).id);
      await revokeAllApiTokens(db, currentUser(c), 'sign out everywhere');
      return c.json({ status: true });
    })
    // better-auth itself, for the few endpoints the product uses (auth-surface.ts).
    .on(['GET', 'POST'], '/auth/*', async (c) => {
      const path = c.req.path.slice('/api/auth'.length);
      if (!isAllowedAuthEndpoint(c.req.method, path)) {
        throw notFound(msg('errors.noSuchEndpoint'));
      }
      if (c.req.method === 'POST' && !isJsonOrEmpty(c.req.raw)) {
        // better-auth would parse a form too, and echo its fields (a password) in the error.
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', msg('errors.sendAsJson'));
      }
      if (bearerToken(c.req.header('authorization')) && !c.get('session')) {
        // An unknown or ended token is not silently treated as "no token".
        throw unauthorized();
      }
      const headers = new Headers(c.req.raw.headers);
      headers.set(CLIENT_IP_HEADER, clientIp(c, env.TRUST_PROXY));
      const body = c.req.method === 'POST' ? await c.req.arrayBuffer() : undefined;
      if (c.req.method === 'POST') assertAuthBody(path, body);
      const request = new Request(c.req.url, { method: c.req.method, headers, body });
      const res = await auth.handler(request);
      const user = c.get('user');
      if (path === '/revoke-sessions' && res.ok && user) {
        // Issue 32: "every device and every API token", as the profile promises.
        await revokeAllApiTokens(db, user, 'sign out everywhere');
      }
      // The caller's language is looked up only for a refusal, which has words to write.
      const language = res.status >= 400 ? await callerLanguage(c, languages) : 'en';
      return reshape(res, path, language, db);
    });

  // A bearer token for API clients, made from the caller's own session (never for a posted
  // email) and ending with it; a few an hour, so a script cannot fill the session table.
  const mintLimit = rateLimit(counters, {
    name: 'jwt',
    limit: TOKENS_PER_HOUR,
    windowMs: HOUR_MS,
    key: (c) => currentUser(c).id,
    code: 'TOO_MANY_TOKENS',
    message: msg('errors.limits.tokens', { count: TOKENS_PER_HOUR }),
  });
  routes.openapi(guarded(createToken, requireUser, mintLimit), async (c) => {
    const user = currentUser(c);
    const session = c.get('session');
    if (!session) throw unauthorized();
    const token = await sessions.insertBearerToken(
      db,
      { sessionId: session.id, parentId: session.parentId, userId: user.id },
      {
        ipAddress: clientIp(c, env.TRUST_PROXY),
        userAgent: c.req.header('user-agent') ?? null,
      },
    );
    if (!token) throw unauthorized();
    return c.json({ token }, 200);
  });
  return routes;
}
