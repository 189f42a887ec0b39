import type { BloodComponent, Urgency } from '../../common/constants.ts';

/**
 * What the simulator assumes about people (issue 29 item 5). Each is a stated guess, not a
 * measurement: docs/outcomes.md lists them beside the figures they produce. The app's own
 * settings (wave sizes, intervals, the weekly cap) are not here: they are the Env the run uses.
 */
export interface Assumptions {
  /** Share of alerted donors who try to pledge. */
  acceptRate: number;
  /** Median minutes from seeing an alert to pledging (log-normal, spread `delaySpread`). */
  delayMedianMinutes: number;
  /** The log-normal's sigma: 1 puts the 90th percentile at ~3.6 times the median. */
  delaySpread: number;
  /** Share of pledges withdrawn before the donation time. */
  withdrawRate: number;
  /** Share of the pledges kept that end as did-not-come. */
  noShowRate: number;
  /**
   * Alerts that arrive in quiet hours (22:00–07:00 Dhaka) are seen at 07:00, except this share
   * of critical ones (a donor whose phone rings: night SMS alerts, or awake).
   */
  nightSeenCritical: number;
  /** Shares of urgency, component and bags among requests. */
  urgency: Array<[Urgency, number]>;
  component: Array<[BloodComponent, number]>;
  bags: Array<[number, number]>;
}

export const DEFAULT_ASSUMPTIONS: Assumptions = {
  acceptRate: 0.2,
  delayMedianMinutes: 8,
  delaySpread: 1,
  withdrawRate: 0.05,
  noShowRate: 0.1,
  nightSeenCritical: 0.3,
  urgency: [
    ['critical', 0.2],
    ['urgent', 0.4],
    ['scheduled', 0.4],
  ],
  component: [
    ['whole_blood', 0.55],
    ['red_cells', 0.2],
    ['platelets', 0.15],
    ['plasma', 0.1],
  ],
  bags: [
    [1, 0.65],
    [2, 0.25],
    [3, 0.07],
    [4, 0.03],
  ],
};

/**
 * When the blood is needed, in hours after the request is made, by urgency: critical within
 * 2–6 hours, urgent within 12–36, scheduled in 2–7 days.
 */
export const NEEDED_WITHIN_HOURS: Record<Urgency, [number, number]> = {
  critical: [2, 6],
  urgent: [12, 36],
  scheduled: [48, 168],
};
