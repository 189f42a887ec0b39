import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Role } from '../../common/constants.ts';
import type { SessionUser } from '../../common/user-response.schema.ts';
import { toIso } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { AppEnv } from '../lib/context.ts';
import { accountBlocked, forbidden, unauthorized } from '../lib/errors.ts';
import { type Auth, SESSION_ABSOLUTE_MS } from './auth.ts';

const USER_COLUMNS = [
  'user.id',
  'user.name',
  'user.email',
  'user.image',
  'user.role',
  'user.status',
] as const;

/**
 * Finds who is calling: the browser's session cookie (through better-auth, which also slides
 * its expiry) or an `Authorization: Bearer` token from POST /api/jwt. Sessions older than the
 * absolute lifetime are ended here. Sets `user` to null for visitors; never refuses by itself.
 */
export function loadSession(auth: Auth, db: Kysely<Database>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (bearer) {
      const row = await db
        .selectFrom('session')
        .innerJoin('user', 'user.id', 'session.userId')
        .select([...USER_COLUMNS, 'session.expiresAt', 'session.createdAt'])
        .where('session.token', '=', bearer)
        .executeTakeFirst();
      if (row && new Date(toIso(row.expiresAt)).getTime() > Date.now() && !tooOld(row.createdAt)) {
        c.set('user', pickUser(row));
      }
      return next();
    }
    if (!c.req.header('cookie')) return next();
    const { headers, response } = await auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    if (response) {
      if (tooOld(response.session.createdAt)) {
        await db.deleteFrom('session').where('id', '=', response.session.id).execute();
      } else {
        c.set('user', pickUser(response.user as unknown as SessionUser));
      }
    }
    return next();
  };
}

function tooOld(createdAt: Date | string): boolean {
  return new Date(toIso(createdAt)).getTime() + SESSION_ABSOLUTE_MS < Date.now();
}

function pickUser(row: SessionUser): SessionUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    image: row.image,
    role: row.role,
    status: row.status,
  };
}

/** Refuses visitors (401) and blocked users (403). */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  if (!user) throw unauthorized();
  if (user.status === 'block') throw accountBlocked();
  return next();
};

/** Allows only the given roles (after requireUser). */
export function requireRole(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthorized();
    if (!roles.includes(user.role)) throw forbidden();
    return next();
  };
}

/** The signed-in user; only call after requireUser. */
export function currentUser(c: { get: (key: 'user') => SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
