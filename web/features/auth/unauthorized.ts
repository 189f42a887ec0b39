import type { QueryClient } from '@tanstack/react-query';
import type { Location } from 'react-router';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { request, setUnauthorizedHandler } from '../../lib/api.ts';
import { authContract, endSession, sessionQueryKey, sessionQueryOptions } from './session.api.ts';

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
 *
 * Before signing out, it asks who is signed in now. Signing in ends the browser's previous
 * session on the server, so a call this tab sent with user A's cookie just before another tab
 * signed the browser in as B is answered 401. Signing out then would have ended B's session too
 * (the cookie is the browser's, not the tab's): B's tab fell to the login page (issue 30 item
 * 13; stale-tab.spec.ts failed so under load). When the browser is someone else's now, this tab
 * shows that account instead, as the session watch does for any switch (session-watch.ts).
 */
export function installUnauthorizedHandler(router: AppRouter, queryClient: QueryClient) {
  // One answer at a time: a page's calls often fail together, and asking who is signed in may
  // itself be refused (a blocked account's 403) while the first answer is being settled.
  let settling: Promise<void> | undefined;

  setUnauthorizedHandler(() => {
    const shown = queryClient.getQueryData<SessionUser | null>(sessionQueryKey);
    if (!shown || settling) return;
    // A loader's call (a page being opened) returns to that page, not to the one being left.
    const from = router.state.navigation.location ?? router.state.location;
    settling = settle(router, queryClient, shown, from).finally(() => {
      settling = undefined;
    });
  });
}

async function settle(
  router: AppRouter,
  queryClient: QueryClient,
  shown: SessionUser,
  { pathname, search, hash }: Place,
) {
  // Stored as the session, so a switch reaches the session watch (its dialog, the old data
  // dropped). A failed ask leaves the shown user, and the answer is taken as it came.
  const now = await queryClient
    .fetchQuery({ ...sessionQueryOptions, staleTime: 0 })
    .catch(() => undefined);
  if (now && now.id !== shown.id) return;

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
}
