import type { BloodGroup, Urgency } from '../../../common/constants.ts';
import type { Env } from '../../lib/env.ts';

/** What one alert wave of a request does, by its urgency (issue 27, decision 031). */
export interface WavePlan {
  /**
   * Alerts awaiting an answer the wave tops up to: the urgency's wave size for every bag still
   * open (decision 047). By default 6 for a critical request (about 1 ÷ the share of alerted
   * donors expected to pledge, so the first wave likely finds one within minutes), 2 for an
   * urgent one and 1 for a scheduled one: the fewer alerted at once, the fewer say yes to a bag
   * already taken (decision 050).
   */
  size: number;
  /** Minutes an alert awaits its answer (0: none is awaited, every wave is full). */
  answerMinutes: number;
  /** The wave waits through quiet hours (22:00–07:00 Dhaka): urgent and scheduled requests. */
  holdAtNight: boolean;
  /** Minutes until the next wave. */
  minutes: number;
  /** Waves one round sends at most. */
  maxWaves: number;
  /**
   * Nearest first (false), or the upazila, district and division side by side from the first
   * wave (true: a critical request for a rare group, whose nearest donors are few and far).
   */
  spread: boolean;
}

/** The part of a request the waves are planned from. */
export interface WaveRequest {
  urgency: Urgency;
  bloodGroup: BloodGroup;
  /** Counts as the database returns them (a number, or text from some drivers). */
  bags: number | string;
  bagsPledged: number | string;
}

/** Bags no standing pledge holds yet: what the waves look for. */
export const openBags = ({ bags, bagsPledged }: Pick<WaveRequest, 'bags' | 'bagsPledged'>) =>
  Math.max(0, Number(bags) - Number(bagsPledged));

/**
 * A critical request alerts sooner (a wave every CRITICAL_ALERT_WAVE_MINUTES) and wider (more
 * donors per open bag, and a rare group's district and division from the first wave); an urgent
 * one in between; a scheduled one, with days to spare, one donor at a time. Only urgent and
 * scheduled waves wait through the night, and each urgency awaits its alerts' answers for its
 * own time (decisions 047 and 050): a critical one the shortest, a life may hang on it.
 */
export function wavePlan(env: Env, request: WaveRequest): WavePlan {
  const open = openBags(request);
  switch (request.urgency) {
    case 'critical':
      return {
        size: env.CRITICAL_ALERT_WAVE_SIZE * open,
        minutes: env.CRITICAL_ALERT_WAVE_MINUTES,
        maxWaves: env.CRITICAL_ALERT_MAX_WAVES,
        answerMinutes: env.CRITICAL_ALERT_ANSWER_MINUTES,
        holdAtNight: false,
        spread: env.ALERT_RARE_GROUPS.includes(request.bloodGroup),
      };
    case 'urgent':
      return {
        size: env.URGENT_ALERT_WAVE_SIZE * open,
        minutes: env.URGENT_ALERT_WAVE_MINUTES,
        maxWaves: env.URGENT_ALERT_MAX_WAVES,
        answerMinutes: env.URGENT_ALERT_ANSWER_MINUTES,
        holdAtNight: env.ALERT_QUIET_HOURS,
        spread: false,
      };
    case 'scheduled':
      return {
        size: env.ALERT_WAVE_SIZE * open,
        minutes: env.ALERT_WAVE_MINUTES,
        maxWaves: env.ALERT_MAX_WAVES,
        answerMinutes: env.ALERT_ANSWER_MINUTES,
        holdAtNight: env.ALERT_QUIET_HOURS,
        spread: false,
      };
  }
}
