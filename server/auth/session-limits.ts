import type { Role } from '../../common/constants.ts';
import { isStaff } from '../../common/roles.ts';

/** Sessions end after a week without use (idle) and 30 days after sign-in whatever happens. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Staff (admin, volunteer) sessions end 12 hours after sign-in however busy they are (issue 25):
 * a staff session left open on a shared computer can read and change other people's data.
 */
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

/** How long after sign-in a session of someone in `role` ends, whatever its use. */
export const absoluteLifetimeMs = (role: Role): number =>
  isStaff(role) ? STAFF_SESSION_ABSOLUTE_MS : SESSION_ABSOLUTE_MS;

/** Bearer tokens a user may mint (POST /api/jwt) in an hour. */
export const TOKENS_PER_HOUR = 10;
