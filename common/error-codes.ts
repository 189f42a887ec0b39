/**
 * Every `code` the API can answer in `{error: {code, message}}`, with what it means (issue 32:
 * one documented enum). `AppError` takes only these (server/lib/errors.ts), so a new code is
 * added here or the server does not compile; the OpenAPI document's `code` is this enum, and the
 * API tests parse every refusal they receive against it.
 */
export const ERROR_CODES = {
  // Any request
  VALIDATION_FAILED: 'A field is not valid; `details` has a message per field',
  MALFORMED_JSON: 'The body is not JSON',
  MALFORMED_URL: 'The address has broken percent-encoding',
  INVALID_CHARACTERS: 'A field holds a character that cannot be stored (NUL, a broken character)',
  BAD_REQUEST: 'The request cannot be read (a malformed form)',
  UNSUPPORTED_MEDIA_TYPE: 'The body must be sent as JSON',
  PAYLOAD_TOO_LARGE: 'The body is over its limit',
  FIELD_NOT_ALLOWED: 'A field the endpoint does not take',
  UNAUTHORIZED: 'Not signed in, or the session or token has ended',
  FORBIDDEN: 'Signed in but not allowed',
  ACCOUNT_BLOCKED: 'The account is blocked',
  CROSS_SITE_REQUEST: 'A change sent from another site',
  SESSION_CHANGED: 'The session is now another user’s than the page showed (X-Page-User)',
  NOT_FOUND: 'No such thing',
  TOO_MANY_REQUESTS: 'Too many requests from this address; Retry-After says when',
  DATABASE_UNAVAILABLE: 'The database cannot be reached just now; Retry-After says when',
  INTERNAL_ERROR: 'Something failed on our side',
  // Accounts, sign-in, the second factor
  TOO_MANY_SIGN_UPS: 'Too many sign-ups from this address; Retry-After says when',
  TOO_MANY_SIGN_INS: 'Too many sign-ins from this address; Retry-After says when',
  TOO_MANY_ATTEMPTS: 'Too many password attempts on the account; Retry-After says when',
  TOO_MANY_TOKENS: 'Too many tokens made this hour; Retry-After says when',
  WRONG_PASSWORD: 'The current password is wrong',
  RESET_LINK_INVALID: 'The password-reset link is wrong, used or expired',
  EMAIL_UNAVAILABLE: 'This server does not send email',
  TWO_FACTOR_REQUIRED: 'Staff must turn on the second factor first',
  BROWSER_SESSION_REQUIRED: 'Only from a browser session, not with an API token',
  INSUFFICIENT_SCOPE: 'The API token’s scopes do not allow this call',
  SCOPE_NOT_ALLOWED: 'Only staff may give a token the staff scope',
  TOO_MANY_API_TOKENS: 'The most live API tokens one person may have',
  AUTH_ERROR: 'Another refusal of the sign-in library',
  // better-auth's own codes on the endpoints it serves (/api/auth/*)
  INVALID_EMAIL_OR_PASSWORD: 'Wrong email or password',
  INVALID_EMAIL: 'The email is not valid',
  INVALID_PASSWORD: 'The password is not valid',
  USER_ALREADY_EXISTS: 'The email is taken (422)',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'The email is taken (422)',
  FAILED_TO_CREATE_USER: 'The account could not be made',
  FAILED_TO_CREATE_SESSION: 'The session could not be made',
  FAILED_TO_GET_SESSION: 'The session could not be read',
  SESSION_EXPIRED: 'The session has ended',
  INVALID_ORIGIN: 'The Origin is not ours',
  MISSING_OR_NULL_ORIGIN: 'A browser change without an Origin',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'A sign-in from another site',
  INVALID_CODE: 'The second factor’s code is wrong',
  INVALID_BACKUP_CODE: 'The recovery code is wrong',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes: sign in again',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes: the account is locked for a while',
  INVALID_TWO_FACTOR_COOKIE: 'The sign-in’s second step has ended: sign in again',
  TOTP_ALREADY_ENABLED: 'The second factor is already on',
  TOTP_NOT_ENABLED: 'The second factor is not on',
  BACKUP_CODES_NOT_ENABLED: 'There are no recovery codes',
  // Users
  SELF_ACTION: 'An admin action on oneself',
  LAST_ADMIN: 'The last admin cannot lose the role or the account',
  CONSENT_WITHDRAWN: 'Consent to the privacy notice was withdrawn',
  NOTICE_CHANGED: 'The privacy notice changed since it was shown',
  TOO_MANY_EXPORTS: 'Too many copies of one’s data this hour; Retry-After says when',
  // Requests, pledges, trust
  OWN_REQUEST: 'Not on one’s own request',
  ALREADY_PLEDGED: 'Already pledged to this request',
  REQUEST_FULL: 'Every bag of the request is pledged',
  REQUEST_NOT_PENDING: 'The request is no longer pending',
  REQUEST_NOT_INPROGRESS: 'The request is not in progress',
  REQUEST_NOT_OPEN: 'The request is not open',
  REQUEST_CHANGED: 'The request changed meanwhile: read it again',
  REQUEST_REMOVED: 'The request was removed',
  REQUEST_CLOSED: 'The request is closed',
  REQUEST_NOT_EXPIRED: 'Only an expired request can be posted again',
  TOO_MANY_OPEN_REQUESTS: 'The most open requests one person may have',
  DUPLICATE_REQUEST: 'The same request is already open; `requestId` names it',
  NOT_ELIGIBLE_YET: 'The donor may not give again yet',
  BAGS_BELOW_PLEDGES: 'Fewer bags than standing pledges',
  PLEDGE_NOT_FOUND: 'No such pledge on the request',
  PLEDGE_SETTLED: 'The pledge already has its outcome',
  ALREADY_VERIFIED: 'The request is already verified',
  ALREADY_REPORTED: 'Already reported by the caller',
  ALREADY_WITHDRAWN: 'The pledge was already withdrawn',
  TOO_LATE_TO_WITHDRAW: 'Too late to withdraw the pledge',
  REPORT_NOT_OPEN: 'The report was already handled',
  REPORT_LIMIT: 'Too many reports today; Retry-After says when',
  // Contact form, images, outbox
  TOO_MANY_MESSAGES: 'Too many messages from this address; Retry-After says when',
  TOO_MANY_UPLOADS: 'Too many uploads; Retry-After says when',
  IMAGE_TOO_LARGE: 'The image has too many pixels',
  EMAIL_RECIPIENT_GONE: 'The email’s recipient has no account any more',
  // Phone numbers, SMS, the hand-off
  INVALID_PHONE: 'Not a Bangladeshi mobile number',
  TOO_MANY_CODES: 'Too many codes asked for; Retry-After says when',
  SMS_OFF: 'This server does not send SMS',
  PHONE_CODE_WRONG: 'The code is wrong',
  PHONE_CODE_SPENT: 'No tries left: ask for a new code',
  PHONE_CODE_EXPIRED: 'The code has expired',
  PHONE_CODE_MISSING: 'No code was asked for',
  PHONE_TAKEN: 'The number is another account’s',
  PHONE_NOT_VERIFIED: 'The number is not verified',
  SMS_RECEIPT_STATE: 'An unknown delivery state',
  SMS_RECEIPT_UNKNOWN: 'No such message',
  HANDOFF_ENDED: 'The hand-off has ended',
  HANDOFF_PLEDGE_GONE: 'The pledge is gone',
  HANDOFF_STAFF_AUDITED: 'Staff see the numbers only through the audited call',
  HANDOFF_NOT_PARTY: 'Not a side of this pledge',
  HANDOFF_NO_CONTACT: 'The request has no contact number',
  HANDOFF_ALREADY_VERIFIED: 'The contact number is already verified',
  HANDOFF_CONTACT_CHANGED: 'The contact number changed meanwhile',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes as a list, in the order above (the document's enum). */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}
