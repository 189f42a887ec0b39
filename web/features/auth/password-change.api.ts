import { useQueryClient } from '@tanstack/react-query';
import { changePassword } from '../../../common/contract/password-change.contract.ts';
import type { ChangePassword } from '../../../common/password-change.schema.ts';
import { request } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { sessionQueryKey } from './session.api.ts';

/**
 * Change password (POST /api/users/me/password): the server ends every other session and gives
 * this browser a fresh one, so the session is read again.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (change: ChangePassword) => request(changePassword, { json: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
