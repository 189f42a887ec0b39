import type { BloodGroup } from '../../../common/constants.ts';
import { eligibleAgainOn, isEligible } from '../../../common/eligibility.rules.ts';
import type { DonorResponse, UserResponse } from '../../../common/user-response.schema.ts';
import { toBool, toIso } from '../../db/dialect.ts';
import type { UserRow } from './users.repository.ts';

/** A user as the API answers it: `_id` beside `id`, eligibility derived, times as ISO strings. */
export function toUserDto(row: UserRow, intervalDays: number): UserResponse {
  const lastDonationDate = toIso(row.lastDonationDate);
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    email: row.email,
    image: row.image,
    role: row.role,
    status: row.status,
    bloodGroup: row.bloodGroup,
    division: row.division,
    district: row.district,
    upazila: row.upazila,
    lastDonationDate,
    eligible: isEligible(lastDonationDate, intervalDays),
    eligibleAgainOn: eligibleAgainOn(lastDonationDate, intervalDays)?.toISOString() ?? null,
    searchVisible: toBool(row.searchVisible),
    createdAt: toIso(row.createdAt),
  };
}

interface DonorRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
  bloodGroup: BloodGroup;
  division: string;
  district: string;
  upazila: string | null;
  lastDonationDate: Date | string | null;
}

/** A donor search card. The email only for signed-in callers (DESIGN.md: donor privacy). */
export function toDonorDto(row: DonorRow, intervalDays: number, showEmail: boolean): DonorResponse {
  const lastDonationDate = toIso(row.lastDonationDate);
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    image: row.image,
    bloodGroup: row.bloodGroup,
    division: row.division,
    district: row.district,
    upazila: row.upazila,
    eligible: isEligible(lastDonationDate, intervalDays),
    email: showEmail ? row.email : null,
  };
}
