import { useQuery } from '@tanstack/react-query';
import {
  passwordResetStatus,
  requestPasswordReset,
  resetPassword,
} from '../../../common/contract/password-reset.contract.ts';
import type { PasswordReset } from '../../../common/password-reset.schema.ts';
import { request } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

/** Whether this server sends reset links (it sends email only when SMTP is set up). */
export function usePasswordResetStatus() {
  return useQuery({
    queryKey: ['password-reset', 'status'],
    queryFn: () => request(passwordResetStatus, {}),
  });
}

export function useRequestPasswordReset() {
  return useSingleFlightMutation({
    mutationFn: (email: string) => request(requestPasswordReset, { json: { email } }),
  });
}

export function useResetPassword() {
  return useSingleFlightMutation({
    mutationFn: (reset: PasswordReset) => request(resetPassword, { json: reset }),
  });
}
