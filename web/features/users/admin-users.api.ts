import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type UserStatus } from '../../../common/constants.ts';
import {
  blockUser,
  deleteUser,
  listUsers,
  makeAdmin,
  makeVolunteer,
  unblockUser,
} from '../../../common/contract/users.contract.ts';
import { ApiError, request, requestPage } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export interface UsersFilter {
  status?: UserStatus;
  page: number;
}

const usersListKey = ['users', 'list'] as const;

/** GET /api/users (admin): one page of every user, optionally by status; `total` from X-Total-Count. */
export function useAllUsers(filter: UsersFilter) {
  return useQuery({
    queryKey: [...usersListKey, filter],
    queryFn: () =>
      requestPage(listUsers, {
        query: { status: filter.status, page: filter.page, limit: DEFAULT_PAGE_SIZE },
      }),
    // Keep the rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
    // Other admins change users too: an admin screen should not trust a five-minute-old list.
    staleTime: 30_000,
  });
}

const ROLE_AND_STATUS_CHANGES = {
  admin: makeAdmin,
  volunteer: makeVolunteer,
  block: blockUser,
  unblock: unblockUser,
};

export type UserAction = keyof typeof ROLE_AND_STATUS_CHANGES | 'delete';

/**
 * The admin actions on one user; resolves with how many rows changed (0: nothing to do), or
 * `already` when the user was deleted meanwhile (a 404 on delete: what the admin asked for).
 */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: async ({
      action,
      id,
    }: {
      action: UserAction;
      id: string;
    }): Promise<{ count: number; already: boolean }> => {
      if (action === 'delete') {
        try {
          const { deletedCount } = await request(deleteUser, { params: { id } });
          return { count: deletedCount, already: false };
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return { count: 0, already: true };
          throw error;
        }
      }
      const answer = await request(ROLE_AND_STATUS_CHANGES[action], { params: { id } });
      return { count: answer.modifiedCount, already: false };
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
