import type { MiddlewareHandler } from 'hono';
import { msg } from '../../common/message-key.ts';
import type { AppEnv } from './context.ts';
import type { Env } from './env.ts';
import { AppError } from './errors.ts';

/**
 * The site's address for links written into pages and messages: PUBLIC_URL (without a trailing
 * slash), else this machine on PORT. Never the request's Host header, which the caller chooses
 * (issue 25: a forged Host put a stranger's site into shared-link previews).
 */
export function publicBaseUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return env.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${env.PORT}`;
}

/**
 * The site's own origins: PUBLIC_URL's (without it, this machine's own addresses on PORT), and
 * Vite's dev server in development.
 */
export function trustedOrigins(env: Env): string[] {
  const origins = env.PUBLIC_URL
    ? [new URL(env.PUBLIC_URL).origin]
    : [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`];
  // Vite's dev server (npm run dev) forwards /api from another origin.
  if (env.NODE_ENV === 'development') origins.push('http://localhost:5173');
  return origins;
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses a change sent from another site, as better-auth does for its own routes: an `Origin`
 * that is not ours, or a browser saying `Sec-Fetch-Site: cross-site`. Requests without an Origin
 * (API clients with a token, scripts) go on: browsers always send one with a cross-site POST.
 */
export function refuseCrossSiteChanges(env: Env): MiddlewareHandler<AppEnv> {
  const trusted = new Set(trustedOrigins(env));
  return async (c, next) => {
    if (!CHANGES.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const crossSite = c.req.header('sec-fetch-site') === 'cross-site';
    if ((origin && !trusted.has(origin)) || crossSite) {
      throw new AppError(403, 'CROSS_SITE_REQUEST', msg('errors.crossSite'));
    }
    return next();
  };
}
