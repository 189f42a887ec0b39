import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  listDistricts,
  listDivisions,
  listUpazilas,
} from '../../../common/contract/geo.contract.ts';
import { request } from '../../lib/api.ts';

/** Reference data: the server lets browsers cache it for a day, so keep it for the session. */
const referenceData = { staleTime: Number.POSITIVE_INFINITY, gcTime: 60 * 60 * 1000 };

export const divisionsQueryOptions = queryOptions({
  queryKey: ['geo', 'divisions'],
  queryFn: () => request(listDivisions, {}),
  ...referenceData,
});

export const districtsQueryOptions = (divisionId: number) =>
  queryOptions({
    queryKey: ['geo', 'districts', divisionId],
    queryFn: () => request(listDistricts, { query: { divisionId } }),
    ...referenceData,
  });

export const upazilasQueryOptions = (districtId: number) =>
  queryOptions({
    queryKey: ['geo', 'upazilas', districtId],
    queryFn: () => request(listUpazilas, { query: { districtId } }),
    ...referenceData,
  });

export function useDivisions() {
  return useQuery(divisionsQueryOptions);
}

/** The districts of one division; idle until a division is chosen. */
export function useDistricts(divisionId: number | undefined) {
  return useQuery({ ...districtsQueryOptions(divisionId ?? 0), enabled: divisionId !== undefined });
}

/** The upazilas of one district; idle until a district is chosen. */
export function useUpazilas(districtId: number | undefined) {
  return useQuery({ ...upazilasQueryOptions(districtId ?? 0), enabled: districtId !== undefined });
}
