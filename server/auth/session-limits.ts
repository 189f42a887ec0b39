/** Sessions end after a week without use (idle) and 30 days after sign-in whatever happens. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/** Bearer tokens a user may mint (POST /api/jwt) in an hour. */
export const TOKENS_PER_HOUR = 10;
