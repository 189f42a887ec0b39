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
