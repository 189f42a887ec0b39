import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getCertificate, listMyDonations } from '../../../common/contract/history.contract.ts';
import { request, requestPage } from '../../lib/api.ts';

export const DONATIONS_PAGE_SIZE = 10;

/** The signed-in donor's completed donations, latest first, and how many in all. */
export function useMyDonations(page: number) {
  return useQuery({
    queryKey: ['donations', 'mine', page],
    queryFn: () => requestPage(listMyDonations, { query: { page, limit: DONATIONS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** What one donation's thank-you certificate says. */
export function useCertificate(id: string) {
  return useQuery({
    queryKey: ['donations', 'certificate', id],
    queryFn: () => request(getCertificate, { params: { id } }),
  });
}
