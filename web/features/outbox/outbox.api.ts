import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listFailedMessages,
  resendFailedMessage,
} from '../../../common/contract/outbox.contract.ts';
import { listSmsDays } from '../../../common/contract/phone.contract.ts';
import { request, requestPage } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export const FAILED_EMAILS_PAGE_SIZE = 20;

const outboxKey = ['outbox-failed'] as const;

/** Emails the outbox gave up on, latest failure first (admin, issue 25). */
export function useFailedEmails(page: number) {
  return useQuery({
    queryKey: [...outboxKey, page],
    queryFn: () =>
      requestPage(listFailedMessages, { query: { page, limit: FAILED_EMAILS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Resend: the email goes back in the outbox, to be sent now. */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (id: string) => request(resendFailedMessage, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxKey }),
  });
}

/** SMS sent per Dhaka day against the budget (admin, issue 28). */
export function useSmsDays() {
  return useQuery({
    queryKey: ['sms-days'],
    queryFn: () => request(listSmsDays, {}),
    staleTime: 0,
  });
}
