import type { QueryClient } from '@tanstack/react-query';
import type { Location } from 'react-router';
import { api, setUnauthorizedHandler } from '../../lib/api.ts';
import { endSession, sessionQueryKey } from './session.api.ts';

/** The parts of the data router this needs (kept narrow so it is easy to fake). */
interface AppRouter {
  state: { location: Pick<Location, 'pathname' | 'search' | 'hash'> };
  navigate: (to: string, options: { replace: boolean; state: unknown }) => Promise<void>;
}

/** The sign-in screens themselves: a 401 there is a wrong password, not a lost session. */
export const isAuthPage = (pathname: string) =>
  pathname.startsWith('/login') || pathname.startsWith('/register');

/**
 * SPEC §8: a 401 or 403 from the API signs the user out and sends them to /login, which brings
 * them back to where they were once they sign in again. Called once at start-up.
 */
export function installUnauthorizedHandler(router: AppRouter, queryClient: QueryClient) {
  setUnauthorizedHandler(() => {
    const { pathname, search, hash } = router.state.location;
    if (isAuthPage(pathname)) return;
    // Already signed out (or this is the echo of our own sign-out): nothing left to end.
    if (queryClient.getQueryData(sessionQueryKey) === null) return;

    endSession(queryClient);
    // Ends the server session too when it still exists (a 403 for a blocked account).
    void api('/auth/sign-out', { method: 'POST', json: {}, ignoreUnauthorized: true }).catch(
      () => undefined,
    );
    void router.navigate('/login', {
      replace: true,
      state: { from: { pathname, search, hash } },
    });
  });
}
