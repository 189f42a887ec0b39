import type { QueryClient } from '@tanstack/react-query';
import type { Location } from 'react-router';
import { request, setUnauthorizedHandler } from '../../lib/api.ts';
import { authContract, endSession, sessionQueryKey } from './session.api.ts';

type Place = Pick<Location, 'pathname' | 'search' | 'hash'>;

/** The parts of the data router this needs (kept narrow so it is easy to fake). */
interface AppRouter {
  state: { location: Place; navigation: { location?: Place } };
  navigate: (to: string, options: { replace: boolean; state: unknown }) => Promise<void>;
}

/**
 * SPEC §8 as DESIGN §1 reads it: an answer that ends the session (`endsSession` in lib/api.ts)
 * signs the user out and sends them to /login, which brings them back once they sign in again.
 * Called once at start-up.
 *
 * It acts only while a user is believed signed in. That one rule keeps the sign-in and sign-up
 * forms (a wrong password is a 401, a blocked account a 403, and no session exists yet) and the
 * echo of a sign-out that has already happened from being taken for a lost session, without any
 * call site opting out.
 */
export function installUnauthorizedHandler(router: AppRouter, queryClient: QueryClient) {
  setUnauthorizedHandler(() => {
    if (!queryClient.getQueryData(sessionQueryKey)) return;
    // A loader's call (a page being opened) returns to that page, not to the one being left.
    const { pathname, search, hash } = router.state.navigation.location ?? router.state.location;

    endSession(queryClient);
    // Ends the server session too when it still exists (a 403 for a blocked account). The
    // session is already null here, so a 401 answer to this call does nothing more.
    void authContract()
      .then(({ signOut }) => request(signOut, { json: {} }))
      .catch(() => undefined);
    void router.navigate('/login', {
      replace: true,
      state: { from: { pathname, search, hash } },
    });
  });
}
