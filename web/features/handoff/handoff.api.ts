import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  confirmContactCode,
  getRequestContacts,
  requestContactCode,
  staffViewRequestContacts,
} from '../../../common/contract/handoff.contract.ts';
import { changeRequest } from '../../../common/contract/requests.contract.ts';
import { request } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

const contactsKey = (requestId: string) => ['handoff', requestId] as const;

/**
 * The numbers of a request's hand-off (issue 28): asked only by its two sides, since each answer
 * is a reveal the audit log records. Never cached past the page: a withdrawal hides them again.
 */
export function useRequestContacts(requestId: string, enabled: boolean) {
  return useQuery({
    queryKey: contactsKey(requestId),
    enabled,
    queryFn: () => request(getRequestContacts, { params: { id: requestId } }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // Each answer is an audited reveal: asked when the page opens and after a change, not again
    // on every return to the tab or reconnect, which would fill the audit log with look-ups
    // nobody made.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

function useContactMutation<T>(requestId: string, send: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsKey(requestId) }),
  });
}

export const useSendContactCode = (requestId: string) =>
  useContactMutation(requestId, () => request(requestContactCode, { params: { id: requestId } }));

export const useConfirmContactCode = (requestId: string) =>
  useContactMutation(requestId, (code: string) =>
    request(confirmContactCode, { params: { id: requestId }, json: { code } }),
  );

/** The requester sets (or, with '', removes) the contact number of their pending request. */
export const useSetContactNumber = (requestId: string) =>
  useContactMutation(requestId, (contactPhone: string) =>
    request(changeRequest, { params: { id: requestId }, json: { contactPhone } }),
  );

/**
 * Staff's audited look at a request's numbers (decision 036): a mutation, not a query, since each
 * call is an audit entry with its reason; the answer lives only in the component that asked.
 */
export const useStaffContactView = (requestId: string) =>
  useSingleFlightMutation({
    mutationFn: (reason: string) =>
      request(staffViewRequestContacts, { params: { id: requestId }, json: { reason } }),
  });
