/**
 * The time as the server's rules read it (expiry, withdrawal deadlines). Injected through
 * AppDeps so tests set the date instead of waiting for it. (The matching branch, issue 13,
 * brings the same interface; the two are one.)
 */
export interface Clock {
  now: () => Date;
}

export const systemClock: Clock = { now: () => new Date() };
