import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactStatus } from '../../../common/constants.ts';
import {
  changeContactStatus,
  listContactMessages,
} from '../../../common/contract/contacts.contract.ts';
import { request, requestPage } from '../../lib/api.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export const INBOX_PAGE_SIZE = 10;

/** What the inbox filter sends: '' for both. */
export type ContactStatusFilter = ContactStatus | '';

const inboxKey = ['contacts'] as const;

/** The admins' inbox, newest first. */
export function useContactMessages(status: ContactStatusFilter, page: number) {
  return useQuery({
    queryKey: [...inboxKey, 'list', status, page],
    queryFn: () =>
      requestPage(listContactMessages, {
        query: { status: status || undefined, page, limit: INBOX_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * How many messages are new, for the dashboard menu (only admins get the link that asks). One
 * row is read; the count comes from X-Total-Count.
 */
export function useNewContactCount() {
  return useQuery({
    queryKey: [...inboxKey, 'new-count'],
    queryFn: async () => {
      const { total, capped } = await requestPage(listContactMessages, {
        query: { status: 'new', page: 1, limit: 1 },
      });
      return { total, capped };
    },
    staleTime: 60_000,
  });
}

export function useChangeContactStatus() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id, status }: { id: string; status: ContactStatus }) =>
      request(changeContactStatus, { params: { id }, json: { status } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKey }),
  });
}
