// Trust and the request lifecycle (issue 14): the words and numbers the server and the web share.

/** Why a signed-in user reports a request. */
export const REPORT_REASONS = ['asks-for-money', 'fake-or-duplicate', 'abusive'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report is open until staff dismiss it, or uphold it by removing the request. */
export const REPORT_STATUSES = ['open', 'dismissed', 'upheld'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Open reports by this many different people hide a request from the public list. */
export const REPORTS_TO_HIDE = 3;

/** What the audit log records: every staff action that changes someone else's things. */
export const AUDIT_ACTIONS = [
  'user.role',
  'user.block',
  'user.unblock',
  'user.delete',
  'request.verify',
  'request.remove',
  'request.delete',
  'report.dismiss',
  'blog.publish',
  'blog.unpublish',
  'blog.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
