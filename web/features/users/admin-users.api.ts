import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeletedCountResponse,
  ModifiedCountResponse,
} from '../../../common/api-responses.schema.ts';
import { DEFAULT_PAGE_SIZE, type UserStatus } from '../../../common/constants.ts';
import type { UserResponse } from '../../../common/user-response.schema.ts';
import { api, apiPage } from '../../lib/api.ts';

export interface UsersFilter {
  status?: UserStatus;
  page: number;
}

const usersListKey = ['users', 'list'] as const;

/** GET /api/users (admin): one page of every user, optionally by status; `total` from X-Total-Count. */
export function useAllUsers(filter: UsersFilter) {
  return useQuery({
    queryKey: [...usersListKey, filter],
    queryFn: () => {
      const params = new URLSearchParams({
        page: String(filter.page),
        limit: String(DEFAULT_PAGE_SIZE),
      });
      if (filter.status) params.set('status', filter.status);
      return apiPage<UserResponse>(`/users?${params}`);
    },
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
    // Other admins change users too: an admin screen should not trust a five-minute-old list.
    staleTime: 30_000,
  });
}

export type UserAction = 'admin' | 'volunteer' | 'block' | 'unblock' | 'delete';

/** The admin actions on one user; resolves with how many rows changed (0: nothing to do). */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: UserAction; id: string }) => {
      const userId = encodeURIComponent(id);
      if (action === 'delete') {
        const { deletedCount } = await api<DeletedCountResponse>(`/users/${userId}`, {
          method: 'DELETE',
        });
        return deletedCount;
      }
      const { modifiedCount } = await api<ModifiedCountResponse>(`/users/${action}/${userId}`, {
        method: 'PATCH',
      });
      return modifiedCount;
    },
    // Success or failure (e.g. someone else changed the user first), the list shows the truth.
    // Donor search results show these users too (a blocked or deleted donor leaves them).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersListKey }),
        queryClient.invalidateQueries({ queryKey: ['donors'] }),
      ]),
  });
}
