/**
 * Where the server reads the time for rules that depend on it (eligibility, pauses, alert waves,
 * reminders, token expiry). Injected through AppDeps, so tests move time by hand instead of
 * sleeping.
 */
export interface Clock {
  now: () => Date;
}

export const systemClock: Clock = { now: () => new Date() };
