import { useQueryClient } from '@tanstack/react-query';
import {
  confirmPhoneCode,
  removePhone,
  requestPhoneCode,
  setSmsChoices,
} from '../../../common/contract/phone.contract.ts';
import type { SmsChoices } from '../../../common/phone.schema.ts';
import { request } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { meQueryKey } from '../users/users.api.ts';

/** The phone endpoints (issue 28); each refreshes the profile, which carries the number. */
function usePhoneMutation<T>(send: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export const useRequestPhoneCode = () =>
  usePhoneMutation((phone: string) => request(requestPhoneCode, { json: { phone } }));

export const useConfirmPhoneCode = () =>
  usePhoneMutation((code: string) => request(confirmPhoneCode, { json: { code } }));

export const useSetSmsChoices = () =>
  usePhoneMutation((choices: SmsChoices) => request(setSmsChoices, { json: choices }));

export const useRemovePhone = () => usePhoneMutation(() => request(removePhone, {}));
