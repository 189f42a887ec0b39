import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Role } from '../../common/constants.ts';
import { msg } from '../../common/message-key.ts';
import type { SessionUser } from '../../common/user-response.schema.ts';
import type { Database } from '../db/schema.ts';
import * as apiTokens from '../features/tokens/api-tokens.repository.ts';
import { isApiToken } from '../features/tokens/api-tokens.repository.ts';
import { effectiveRole } from '../features/tokens/token-scopes.ts';
import { findLanguageById } from '../features/users/users.repository.ts';
import type { AppEnv } from '../lib/context.ts';
import { AppError, accountBlocked, forbidden, unauthorized } from '../lib/errors.ts';
import type { LanguageSource } from '../lib/messages.ts';
import type { Auth } from './auth.ts';
import * as sessions from './sessions.repository.ts';

/**
 * Finds who is calling: the browser's session cookie (through better-auth, which also slides
 * its expiry) or an `Authorization: Bearer` token from POST /api/jwt. Sessions older than the
 * absolute lifetime are ended here. Sets `user` and `session` to null for visitors; never
 * refuses by itself.
 */
export function loadSession(auth: Auth, db: Kysely<Database>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('session', null);
    const bearer = bearerToken(c.req.header('authorization'));
    if (bearer && isApiToken(bearer)) {
      await loadApiToken(c, db, bearer);
      return next();
    }
    if (bearer) {
      const row = await sessions.findByBearerToken(db, bearer);
      if (row) {
        c.set('user', pickUser(row));
        c.set('session', { id: row.sessionId, parentId: row.parentId, viaBearer: true });
      }
      return next();
    }
    if (!c.req.header('cookie')) return next();
    // better-auth's own reading of its cookie (decision 027): the signature, the session row,
    // the daily sliding refresh and the clearing of stale cookies are all its own.
    const { headers, response } = await auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    if (response) {
      const user = response.user as unknown as SessionUser;
      if (!sessions.isLive(response.session, user.role)) {
        await sessions.deleteById(db, response.session.id);
      } else {
        c.set('user', pickUser(user));
        c.set('session', { id: response.session.id, parentId: null, viaBearer: false });
      }
    }
    return next();
  };
}

/**
 * A personal API token (issue 32): its user, acting with the role its scopes allow
 * (token-scopes.ts). An unknown or revoked token, or one whose user is blocked, is refused here
 * with 401, on every route that knows its caller: a program learns at once that its token is dead.
 */
async function loadApiToken(c: Context<AppEnv>, db: Kysely<Database>, bearer: string) {
  const row = await apiTokens.findByToken(db, bearer);
  if (!row || row.status === 'block') throw unauthorized(msg('errors.apiTokens.invalid'));
  c.set('user', { ...pickUser(row), role: effectiveRole(row.role, row.scopes) });
  c.set('session', {
    id: row.tokenId,
    parentId: null,
    viaBearer: true,
    apiToken: { id: row.tokenId, scopes: row.scopes },
  });
  await apiTokens.touch(db, row.tokenId, row.lastUsedAt);
}

/** The token of an `Authorization: Bearer <token>` header, if that is what it holds. */
export function bearerToken(header: string | undefined): string | undefined {
  return header?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

function pickUser(row: SessionUser): SessionUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    image: row.image,
    role: row.role,
    status: row.status,
    twoFactorEnabled: row.twoFactorEnabled === true,
  };
}

/** Refuses visitors (401) and blocked users (403). */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  if (!user) throw unauthorized();
  if (user.status === 'block') throw accountBlocked();
  return next();
};

/**
 * Allows only the given roles (after requireUser). An admin acts as staff only with a second
 * factor on (issue 25, decision 025): until they set one up, every role-guarded route refuses
 * them with TWO_FACTOR_REQUIRED, so a stolen admin password alone reaches no admin action.
 */
export function requireRole(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthorized();
    if (!roles.includes(user.role)) throw forbidden();
    assertSecondFactor(user);
    return next();
  };
}

/**
 * For a route that lets staff do what others may not, checked in the route (another person's
 * request or profile): an admin uses those rights only with a second factor on (issue 25).
 */
export function assertSecondFactor(user: SessionUser): void {
  if (user.role === 'admin' && !user.twoFactorEnabled) {
    throw new AppError(403, 'TWO_FACTOR_REQUIRED', msg('errors.twoFactorRequired'));
  }
}

/** The signed-in user; only call after requireUser. */
export function currentUser(c: { get: (key: 'user') => SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

/**
 * The stored language of whoever calls (issue 16), for the language of answers' messages. Read
 * only when an answer needs words (an error), so no successful request pays for it. Routes
 * mounted before loadSession (contact form, password reset) have not read the session: it is
 * read here, by better-auth without its refresh (this answer sets no cookie), and a caller it cannot tell is answered by their Accept-Language.
 */
export function languageSource(auth: Auth, db: Kysely<Database>): LanguageSource {
  return {
    async storedLanguage(c) {
      const user = (c as Context<AppEnv>).get('user');
      let userId = user?.id;
      if (user === undefined) {
        const bearer = bearerToken(c.req.header('authorization'));
        if (bearer && isApiToken(bearer)) userId = (await apiTokens.findByToken(db, bearer))?.id;
        else if (bearer) userId = (await sessions.findByBearerToken(db, bearer))?.id;
        else if (c.req.header('cookie')) userId = (await readOnly(auth, c.req.raw.headers))?.id;
      }
      return userId ? findLanguageById(db, userId) : undefined;
    },
  };
}

/** The user behind a session cookie, as better-auth reads it, without moving its expiry. */
async function readOnly(auth: Auth, headers: Headers): Promise<SessionUser | undefined> {
  const found = await auth.api.getSession({ headers, query: { disableRefresh: true } });
  if (!found) return undefined;
  const user = found.user as unknown as SessionUser;
  return sessions.isLive(found.session, user.role) ? user : undefined;
}
