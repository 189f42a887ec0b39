// Reports are weighed, not counted (issue 25, docs/decisions/024-reports-weighed-not-counted.md):
// accounts cost one sign-up, so a report weighs what its reporter has shown. Pure: the server
// weighs each report when it is made and keeps the sum on the request.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Open reports weighing this much in all hide an unverified request from the public lists. */
export const REPORT_WEIGHT_TO_HIDE = 9;

/** Reports one account may make in 24 hours; the next is refused (429). */
export const REPORTS_PER_DAY = 5;

/** An account younger than this weighs nothing: three fresh sign-ups must not empty the board. */
export const NEW_ACCOUNT_DAYS = 3;
/** From this age an account weighs the most its age can give. */
export const SETTLED_ACCOUNT_DAYS = 30;
/** Upheld reports beyond this many add nothing more. */
export const UPHELD_COUNTED = 2;

/** What a reporter has shown, as the server reads it when the report is made. */
export interface ReporterStanding {
  accountCreatedAt: Date;
  emailVerified: boolean;
  /** Their earlier reports that staff upheld by removing the request. */
  upheldReports: number;
}

/**
 * What one report weighs: 0 for an account younger than NEW_ACCOUNT_DAYS; else 1 (2 from
 * SETTLED_ACCOUNT_DAYS) for its age, 1 for a verified email, and 2 for each of up to
 * UPHELD_COUNTED earlier reports staff upheld. At most 7, so one reporter alone never hides a
 * request, and three settled accounts with verified emails do (3 × 3 = REPORT_WEIGHT_TO_HIDE).
 */
export function reportWeight(reporter: ReporterStanding, now: Date): number {
  const ageDays = (now.getTime() - reporter.accountCreatedAt.getTime()) / DAY_MS;
  if (ageDays < NEW_ACCOUNT_DAYS) return 0;
  const age = ageDays < SETTLED_ACCOUNT_DAYS ? 1 : 2;
  const email = reporter.emailVerified ? 1 : 0;
  return age + email + 2 * Math.min(reporter.upheldReports, UPHELD_COUNTED);
}

/** Whether reports weighing `weight` hide a request: never a verified one (staff vouched for it). */
export const hiddenByReports = (weight: number, verified: boolean) =>
  !verified && weight >= REPORT_WEIGHT_TO_HIDE;
