import { availableAgainOn, isAvailable } from '../../../common/availability.rules.ts';
import type { BloodComponent, BloodGroup } from '../../../common/constants.ts';
import {
  type DonationIntervals,
  eligibleAgainAfter,
  intervalAfter,
} from '../../../common/eligibility.rules.ts';
import type { DonorResponse, UserResponse } from '../../../common/user-response.schema.ts';
import { toBool, toIso } from '../../db/dialect.ts';
import type { UserRow } from './users.repository.ts';

/** A user as the API answers it: `_id` beside `id`, eligibility derived, times as ISO strings. */
export function toUserDto(
  row: UserRow,
  intervals: DonationIntervals,
  now = new Date(),
): UserResponse {
  const lastDonationDate = toIso(row.lastDonationDate);
  // The rest follows what the last donation gave (decision 031).
  const again = eligibleAgainAfter(
    { date: lastDonationDate, component: row.lastDonationComponent },
    intervals,
  );
  const pausedUntil = toIso(row.pausedUntil);
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
    eligible: again === null || again.getTime() <= now.getTime(),
    eligibleAgainOn: again?.toISOString() ?? null,
    available: isAvailable(pausedUntil, now),
    availableAgainOn: availableAgainOn(pausedUntil, now),
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
  lastDonationComponent: BloodComponent | null;
  pausedUntil: Date | string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * isEligible (common/eligibility.rules.ts) on the stored value as it is: a search card shows no
 * date, so none is turned into ISO text and parsed back (two Dates a row, a few % of a donor
 * search's CPU in the bench's profile).
 */
function eligibleNow(lastDonation: Date | string | null, intervalDays: number, now: Date): boolean {
  if (lastDonation === null) return true;
  const last = lastDonation instanceof Date ? lastDonation.getTime() : Date.parse(lastDonation);
  return last + intervalDays * DAY_MS <= now.getTime();
}

/** A donor search card. The email only for signed-in callers (DESIGN.md: donor privacy). */
export function toDonorDto(
  row: DonorRow,
  intervals: DonationIntervals,
  showEmail: boolean,
  now = new Date(),
): DonorResponse {
  const pausedUntil = toIso(row.pausedUntil);
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    image: row.image,
    bloodGroup: row.bloodGroup,
    division: row.division,
    district: row.district,
    upazila: row.upazila,
    eligible: eligibleNow(
      row.lastDonationDate,
      intervalAfter(row.lastDonationComponent, intervals),
      now,
    ),
    available: isAvailable(pausedUntil, now),
    availableAgainOn: availableAgainOn(pausedUntil, now),
    email: showEmail ? row.email : null,
  };
}
