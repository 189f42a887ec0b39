/**
 * Every `code` the API can answer in `{error: {code, message}}` (issue 32: one documented enum;
 * what each means is in server/features/docs/error-code-meanings.ts, for the document only: the
 * browser loads this list with the contract, and the meanings would be 2.4 KB more on every
 * page). `AppError` takes only these (server/lib/errors.ts), so a new code is
 * added here or the server does not compile; the OpenAPI document's `code` is this enum, and the
 * API tests parse every refusal they receive against it.
 */
export const ERROR_CODE_LIST = [
  // Any request
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'MALFORMED_URL',
  'INVALID_CHARACTERS',
  'BAD_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'FIELD_NOT_ALLOWED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'ACCOUNT_BLOCKED',
  'CROSS_SITE_REQUEST',
  'SESSION_CHANGED',
  'NOT_FOUND',
  'TOO_MANY_REQUESTS',
  'DATABASE_UNAVAILABLE',
  'INTERNAL_ERROR',
  // Accounts, sign-in, the second factor
  'TOO_MANY_SIGN_UPS',
  'TOO_MANY_SIGN_INS',
  'TOO_MANY_ATTEMPTS',
  'TOO_MANY_TOKENS',
  'WRONG_PASSWORD',
  'RESET_LINK_INVALID',
  'EMAIL_UNAVAILABLE',
  'TWO_FACTOR_REQUIRED',
  'BROWSER_SESSION_REQUIRED',
  'INSUFFICIENT_SCOPE',
  'SCOPE_NOT_ALLOWED',
  'TOO_MANY_API_TOKENS',
  'AUTH_ERROR',
  // better-auth's own codes on the endpoints it serves (/api/auth/*)
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_EMAIL',
  'INVALID_PASSWORD',
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'FAILED_TO_CREATE_USER',
  'FAILED_TO_CREATE_SESSION',
  'FAILED_TO_GET_SESSION',
  'SESSION_EXPIRED',
  'INVALID_ORIGIN',
  'MISSING_OR_NULL_ORIGIN',
  'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
  'INVALID_CODE',
  'INVALID_BACKUP_CODE',
  'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  'ACCOUNT_TEMPORARILY_LOCKED',
  'INVALID_TWO_FACTOR_COOKIE',
  'TOTP_ALREADY_ENABLED',
  'TOTP_NOT_ENABLED',
  'BACKUP_CODES_NOT_ENABLED',
  // Users
  'SELF_ACTION',
  'LAST_ADMIN',
  'CONSENT_WITHDRAWN',
  'NOTICE_CHANGED',
  'TOO_MANY_EXPORTS',
  // Requests, pledges, trust
  'OWN_REQUEST',
  'ALREADY_PLEDGED',
  'REQUEST_FULL',
  'REQUEST_NOT_PENDING',
  'REQUEST_NOT_INPROGRESS',
  'REQUEST_NOT_OPEN',
  'REQUEST_CHANGED',
  'REQUEST_REMOVED',
  'REQUEST_CLOSED',
  'REQUEST_NOT_EXPIRED',
  'TOO_MANY_OPEN_REQUESTS',
  'DUPLICATE_REQUEST',
  'NOT_ELIGIBLE_YET',
  'BAGS_BELOW_PLEDGES',
  'PLEDGE_NOT_FOUND',
  'PLEDGE_SETTLED',
  'ALREADY_VERIFIED',
  'ALREADY_REPORTED',
  'ALREADY_WITHDRAWN',
  'TOO_LATE_TO_WITHDRAW',
  'REPORT_NOT_OPEN',
  'REPORT_LIMIT',
  // Contact form, images, outbox
  'TOO_MANY_MESSAGES',
  'TOO_MANY_UPLOADS',
  'IMAGE_TOO_LARGE',
  'EMAIL_RECIPIENT_GONE',
  // Phone numbers, SMS, the hand-off
  'INVALID_PHONE',
  'TOO_MANY_CODES',
  'SMS_OFF',
  'PHONE_CODE_WRONG',
  'PHONE_CODE_SPENT',
  'PHONE_CODE_EXPIRED',
  'PHONE_CODE_MISSING',
  'PHONE_TAKEN',
  'PHONE_NOT_VERIFIED',
  'SMS_RECEIPT_STATE',
  'SMS_RECEIPT_UNKNOWN',
  'HANDOFF_ENDED',
  'HANDOFF_PLEDGE_GONE',
  'HANDOFF_STAFF_AUDITED',
  'HANDOFF_NOT_PARTY',
  'HANDOFF_NO_CONTACT',
  'HANDOFF_ALREADY_VERIFIED',
  'HANDOFF_CONTACT_CHANGED',
] as const;

export type ErrorCode = (typeof ERROR_CODE_LIST)[number];

const KNOWN = new Set<string>(ERROR_CODE_LIST);

export function isErrorCode(code: string): code is ErrorCode {
  return KNOWN.has(code);
}
