import type { Urgency } from './constants.ts';

/**
 * Issue 29: how long a request may stay open (pending, or in progress with a bag unpledged)
 * before staff should step in by phone. One rule, read by the server's list and the dashboard's
 * words:
 *   critical  — 1 hour  (needed within hours: an hour without a donor is already late)
 *   urgent    — 6 hours (needed today: a quarter of the day gone)
 *   scheduled — 24 hours (a later date: a whole day without a donor)
 */
export const OVERDUE_AFTER_MINUTES: Readonly<Record<Urgency, number>> = {
  critical: 60,
  urgent: 6 * 60,
  scheduled: 24 * 60,
};

/** The shortest of them: nothing younger than this is overdue, whatever its urgency. */
export const MIN_OVERDUE_MINUTES = Math.min(...Object.values(OVERDUE_AFTER_MINUTES));

/** Per urgency, the latest creation time (ISO) that is overdue at `now`. */
export function overdueCutoffs(now: Date): Record<Urgency, string> {
  const before = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  return {
    critical: before(OVERDUE_AFTER_MINUTES.critical),
    urgent: before(OVERDUE_AFTER_MINUTES.urgent),
    scheduled: before(OVERDUE_AFTER_MINUTES.scheduled),
  };
}
