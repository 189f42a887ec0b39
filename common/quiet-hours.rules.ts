/**
 * Quiet hours (issue 28): no SMS between 22:00 and 07:00 in Dhaka, where the donors are
 * (UTC+6, no daylight saving). A message held through them goes at 07:00.
 */

const DHAKA_OFFSET_MS = 6 * 3_600_000;
const HOUR_MS = 3_600_000;
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 7;

/** The hour (0–23) it is in Dhaka at `now`. */
const dhakaHour = (now: Date) => new Date(now.getTime() + DHAKA_OFFSET_MS).getUTCHours();

/** True from 22:00 up to (not including) 07:00 in Dhaka. */
export function isQuietHour(now: Date): boolean {
  const hour = dhakaHour(now);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** When the quiet hours `now` is in end (the next 07:00 in Dhaka); `now` itself outside them. */
export function quietHoursEnd(now: Date): Date {
  if (!isQuietHour(now)) return now;
  const local = new Date(now.getTime() + DHAKA_OFFSET_MS);
  const seven = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate(),
    QUIET_UNTIL_HOUR,
  );
  // Before midnight the 07:00 is tomorrow's.
  const end = local.getUTCHours() >= QUIET_FROM_HOUR ? seven + 24 * HOUR_MS : seven;
  return new Date(end - DHAKA_OFFSET_MS);
}
