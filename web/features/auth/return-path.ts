import type { Location } from 'react-router';

/** The sign-in screens themselves: never a place to return to after signing in. */
const isAuthPage = (pathname: string) =>
  pathname.startsWith('/login') || pathname.startsWith('/register');

/** Where the login guard (or the unauthorized handler, or a Login link) came from; `/` otherwise. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  if (typeof from?.pathname !== 'string' || isAuthPage(from.pathname)) return '/';
  return from.pathname + (typeof from.search === 'string' ? from.search : '');
}

/**
 * SPEC §2: the router state a link to /login or /register carries, so that signing in returns
 * to the page the user came from. Between the two sign-in screens the original place is kept.
 */
export function returnState(location: Location): { from: unknown } {
  if (isAuthPage(location.pathname)) {
    return { from: (location.state as { from?: unknown } | null)?.from ?? null };
  }
  return { from: { pathname: location.pathname, search: location.search } };
}
