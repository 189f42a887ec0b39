import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Login, Register } from '../../../common/auth.schema.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { request } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export const sessionQueryKey = ['session'] as const;

/**
 * The auth endpoints' definitions carry their zod schemas (about 25 KB of gzip JavaScript). Every
 * page asks for the session, so they are fetched with that first call rather than with the page:
 * the page draws without waiting for them.
 */
export const authContract = () => import('../../../common/contract/auth.contract.ts');

/** Place names change never; everything else may depend on who is signed in. */
const survivesAuthChange = (queryKey: readonly unknown[]) =>
  queryKey[0] === 'session' || queryKey[0] === 'geo';

/**
 * GET /auth/get-session (better-auth) answers its whole user; the app keeps the SessionUser
 * part. The full profile is `useMe()`.
 */
function toSessionUser(user: SessionUser): SessionUser {
  const { id, name, email, image, role, status } = user;
  return { id, name, email, image, role, status };
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async () => {
    const { getSession } = await authContract();
    const answer = await request(getSession, {});
    return answer ? toSessionUser(answer.user) : null;
  },
  // Short: a block or a sign-out elsewhere should show up soon (it also refetches on focus).
  staleTime: 30_000,
});

/** The signed-in user, or null; `isLoading` until the first answer. */
export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const { data, isPending } = useQuery(sessionQueryOptions);
  return { user: data ?? null, isLoading: isPending };
}

/**
 * Forget everything fetched as the previous visitor (donor emails, another user's profile):
 * queries on screen refetch as the new visitor, the others load afresh when next shown.
 */
function resetUserData(queryClient: QueryClient) {
  return queryClient.resetQueries({ predicate: (query) => !survivesAuthChange(query.queryKey) });
}

/** After a sign-in or sign-up: load the new session before anyone reads it. */
async function startSession(queryClient: QueryClient) {
  await Promise.all([
    resetUserData(queryClient),
    queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }),
  ]);
}

/**
 * After a sign-out (or a lost session): no user first, so guarded pages leave. Data not on screen
 * goes now; data on screen is only marked stale, not refetched: its page is usually a guarded one
 * about to leave, where a refetch would just earn a 401. Public pages refresh on their next mount
 * or window focus.
 */
export function endSession(queryClient: QueryClient) {
  queryClient.setQueryData(sessionQueryKey, null);
  const predicate = (query: { queryKey: readonly unknown[] }) =>
    !survivesAuthChange(query.queryKey);
  queryClient.removeQueries({ predicate, type: 'inactive' });
  void queryClient.invalidateQueries({ predicate, refetchType: 'none' });
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
    },
  });
}
