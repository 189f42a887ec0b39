import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { getMe, markDonated, updateProfile } from '../../../common/contract/users.contract.ts';
import type { UpdateProfile } from '../../../common/user.schema.ts';
import { request } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { sessionQueryKey } from '../auth/session.api.ts';

export const meQueryKey = ['users', 'me'] as const;

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: () => request(getMe, {}),
});

/** The signed-in user's full profile. Use inside the login guard. */
export function useMe() {
  return useQuery(meQueryOptions);
}

/** PATCH /api/users/:id — the caller's own allowed fields only. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateProfile }) =>
      request(updateProfile, { params: { id }, json: changes }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        // The navbar's avatar and the dashboard's welcome read the session's name and photo.
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}

/** Mark As Donated: records a donation today, which makes the donor not eligible for a while. */
export function useMarkDonated() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (id: string) => request(markDonated, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
