import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Login, Register } from '../../../common/auth.schema.ts';
import { request } from '../../lib/api.ts';
import { clearAllDrafts } from '../../lib/form-draft.ts';
import { forgetLanguageChosenOnThisPage } from '../../lib/language-from-address.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import {
  authContract,
  endSession,
  sessionQueryOptions,
  survivesAuthChange,
} from './session.api.ts';

// The calls that change who is signed in. Apart from session.api.ts (which every page reads) so
// that a visitor's first load carries no mutation code (tests/e2e/bundle-budget.spec.ts).

/**
 * Forget everything fetched as the previous visitor (donor emails, another user's profile):
 * queries on screen refetch as the new visitor, the others load afresh when next shown.
 */
function resetUserData(queryClient: QueryClient) {
  return queryClient.resetQueries({ predicate: (query) => !survivesAuthChange(query.queryKey) });
}

/** After a sign-in or sign-up: load the new session before anyone reads it. */
export async function startSession(queryClient: QueryClient) {
  forgetLanguageChosenOnThisPage();
  await Promise.all([
    resetUserData(queryClient),
    queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }),
  ]);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: async (credentials: Login) =>
      request((await authContract()).signIn, { json: credentials }),
    onSuccess: () => startSession(queryClient),
  });
}

/** Registration; the server signs the new donor in at once. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: async (donor: Register) => request((await authContract()).signUp, { json: donor }),
    onSuccess: () => startSession(queryClient),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useSingleFlightMutation({
    mutationFn: async () => request((await authContract()).signOut, { json: {} }),
    onSuccess: async () => {
      // As for sign out everywhere: from a dashboard page, home first, not the login guard's form.
      if (window.location.pathname.startsWith('/dashboard')) {
        await navigate('/', { replace: true, flushSync: true });
      }
      endSession(queryClient);
      // Signing out on purpose: nothing typed stays behind in the tab (issue 30 item 9).
      clearAllDrafts();
    },
  });
}

/**
 * Sign out everywhere: POST /auth/revoke-sessions ends every session and API token of the user,
 * this browser's included, and clears its cookie.
 */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useSingleFlightMutation({
    mutationFn: async () => request((await authContract()).signOutEverywhere, { json: {} }),
    onSuccess: async () => {
      // Home first: ended on a dashboard page, the session's login guard would send the user to
      // /login, which is no place to land after choosing to sign out. flushSync, because a
      // navigation otherwise renders as a transition, after the guard has already seen no user.
      await navigate('/', { replace: true, flushSync: true });
      endSession(queryClient);
      clearAllDrafts();
    },
  });
}
