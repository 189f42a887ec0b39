import type { Clock } from '../lib/clock.ts';

export interface ManualClock extends Clock {
  /** Moves time forward by `ms`. */
  advance: (ms: number) => void;
  /** Sets the time. */
  set: (at: Date | string) => void;
}

/** A clock that only moves when a test moves it (starts at the real time unless told). */
export function manualClock(start: Date | string = new Date()): ManualClock {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (at) => {
      now = new Date(at).getTime();
    },
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
