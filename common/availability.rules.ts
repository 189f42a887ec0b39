import { startOfDayInDhaka, todayInDhaka } from './dhaka-date.ts';

// Availability is the donor's own choice ("not available until <date>", or until they turn it
// back on); eligibility follows from their last donation (eligibility.rules.ts). A donor is
// matched and alerted only when both hold.

/** What is stored for a pause "until I turn it back on": an instant no clock reaches. */
export const PAUSED_INDEFINITELY = '9999-12-31T00:00:00.000Z';

/** The longest dated pause, in days; longer than that is "until I turn it back on". */
export const MAX_PAUSE_DAYS = 365;

/** Whether the donor is available at `now`: no pause, or the pause has ended by itself. */
export function isAvailable(pausedUntil: string | null, now: Date = new Date()): boolean {
  return pausedUntil === null || new Date(pausedUntil).getTime() <= now.getTime();
}

/** What to store for a pause until `date` (YYYY-MM-DD): it ends as that day begins in Dhaka. */
export const pauseEndsAt = (date: string): string => startOfDayInDhaka(date);

/**
 * The day (YYYY-MM-DD, in Dhaka) a paused donor is available again; null when they are available
 * now or paused until they turn it back on.
 */
export function availableAgainOn(
  pausedUntil: string | null,
  now: Date = new Date(),
): string | null {
  if (pausedUntil === null || isAvailable(pausedUntil, now)) return null;
  if (new Date(pausedUntil).getTime() >= new Date(PAUSED_INDEFINITELY).getTime()) return null;
  return todayInDhaka(new Date(pausedUntil));
}
