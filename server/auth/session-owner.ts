import type { MiddlewareHandler } from 'hono';
import { msg } from '../../common/message-key.ts';
import { PAGE_USER_HEADER, SESSION_CHANGED } from '../../common/page-user.ts';
import type { AppEnv } from '../lib/context.ts';
import { AppError } from '../lib/errors.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A change asked for by a page that was showing another user than the session's now (a stale
 * tab: the person signed in as someone else in another one) is refused with 409
 * SESSION_CHANGED, and nothing changes. A page that names no user (a script, a client of the
 * API) is not asked; a page whose session ended gets the usual 401 from the route. After
 * loadSession; the auth routes come before it (signing in or out is how a session changes).
 */
export const refuseChangedSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const pageUser = c.req.header(PAGE_USER_HEADER);
  const user = c.get('user');
  if (pageUser && user && user.id !== pageUser && !READS.has(c.req.method)) {
    throw new AppError(409, SESSION_CHANGED, msg('errors.sessionChanged'));
  }
  return next();
};
