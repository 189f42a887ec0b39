import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * Cache-Control for /api answers that do not set their own (issue 16 item 3).
 *
 * - An answer to a caller who carries credentials (a session cookie or a bearer token, whether
 *   or not it is still good) is `private, no-store`: no browser cache, proxy or service worker
 *   may keep it, whatever it holds.
 * - An answer to an anonymous caller is `no-cache`: what everyone sees, which may be kept but
 *   must be checked again before use. The service worker (web/sw.js) keeps a few of these
 *   public reads for the offline public pages, and only answers not marked private or no-store.
 *
 * Answers that set their own (place names, images by content address, metrics) keep theirs:
 * they are the same for everyone.
 */
export function apiCacheControl(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.headers.has('Cache-Control')) return;
    // No Vary: Cookie is needed: no-cache makes every cache ask again before each use, only an
    // anonymous request is ever answered 304 (server/lib/public-list.ts), and a credentialed
    // answer is never stored.
    c.res.headers.set('Cache-Control', carriesCredentials(c) ? 'private, no-store' : 'no-cache');
  };
}

/** Whether the caller sent a session cookie or a bearer token, good or not, or is signed in. */
export function carriesCredentials(c: Context): boolean {
  return (
    c.req.header('authorization') !== undefined ||
    c.req.header('cookie') !== undefined ||
    c.get('user') != null
  );
}
