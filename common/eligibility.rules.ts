import type { BloodComponent } from './constants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day a donor may give blood again, or null when they never donated. */
export function eligibleAgainOn(
  lastDonationDate: string | null,
  intervalDays: number,
): Date | null {
  if (!lastDonationDate) return null;
  return new Date(new Date(lastDonationDate).getTime() + intervalDays * DAY_MS);
}

/** A donor is eligible when they never donated or their last donation is intervalDays old. */
export function isEligible(
  lastDonationDate: string | null,
  intervalDays: number,
  now: Date = new Date(),
): boolean {
  const again = eligibleAgainOn(lastDonationDate, intervalDays);
  return again === null || again.getTime() <= now.getTime();
}

/**
 * Issue 27: the days a donor rests after each kind of donation (settings DONATION_INTERVAL_DAYS,
 * PLATELETS_INTERVAL_DAYS, PLASMA_INTERVAL_DAYS; decision 031). Whole blood and red cells are one
 * whole-blood donation at the bag, so they share an interval.
 */
export type DonationIntervals = Readonly<Record<BloodComponent, number>>;

/**
 * The interval that follows a donation of `component`. How long a donor rests depends on what
 * they lost, so it is the kind of their last donation that counts, whatever they give next.
 * Null is a donation of unknown kind (every donation before issue 27, and Mark As Donated):
 * whole blood, the longest rest of SPEC's single kind.
 */
export const intervalAfter = (component: BloodComponent | null, intervals: DonationIntervals) =>
  intervals[component ?? 'whole_blood'];

/** A donor's last donation as stored: when, and of what (null: unknown, counted as whole blood). */
export interface LastDonation {
  date: string | null;
  component: BloodComponent | null;
}

/** The day the donor may give again after their last donation, or null when they never gave. */
export const eligibleAgainAfter = (last: LastDonation, intervals: DonationIntervals) =>
  eligibleAgainOn(last.date, intervalAfter(last.component, intervals));

/**
 * The kind to store with a new donation of `given` at `at`. Normally `given`; but a donor who gave
 * platelets while still resting from whole blood (matching never asks them: the hospital may)
 * must not become eligible sooner than their earlier donation allowed, so the earlier kind is
 * kept when its rest would end later. Counted from `at`, that rest only grows: the safe side.
 */
export function componentToRecord(
  previous: LastDonation,
  given: BloodComponent,
  at: Date,
  intervals: DonationIntervals,
): BloodComponent | null {
  const before = eligibleAgainAfter(previous, intervals);
  const after = eligibleAgainOn(at.toISOString(), intervals[given]);
  return before && after && before.getTime() > after.getTime() ? previous.component : given;
}
