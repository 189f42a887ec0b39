import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { request } from '../../lib/api.ts';

export const sessionQueryKey = ['session'] as const;

/**
 * The auth endpoints' definitions carry their zod schemas (about 25 KB of gzip JavaScript). Every
 * page asks for the session, so they are fetched with that first call rather than with the page:
 * the page draws without waiting for them.
 */
export const authContract = () => import('../../../common/contract/auth.contract.ts');

/** Place names change never; everything else may depend on who is signed in. */
export const survivesAuthChange = (queryKey: readonly unknown[]) =>
  queryKey[0] === 'session' || queryKey[0] === 'geo';

/**
 * GET /auth/get-session (better-auth) answers its whole user; the app keeps the SessionUser
 * part. The full profile is `useMe()`.
 */
function toSessionUser(user: SessionUser): SessionUser {
  const { id, name, email, image, role, status, twoFactorEnabled, consentOwed } = user;
  return { id, name, email, image, role, status, twoFactorEnabled, consentOwed };
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
