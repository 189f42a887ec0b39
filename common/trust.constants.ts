// Trust and the request lifecycle (issue 14): the words and numbers the server and the web share.

import { ROLES } from './constants.ts';

/** Why a signed-in user reports a request. */
export const REPORT_REASONS = ['asks-for-money', 'fake-or-duplicate', 'abusive'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report is open until staff dismiss it, or uphold it by removing the request. */
export const REPORT_STATUSES = ['open', 'dismissed', 'upheld'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

// What hides a request is the open reports' weight, not their number: report-weight.rules.ts.

/** What the audit log records: every staff action that changes someone else's things. */
export const AUDIT_ACTIONS = [
  'user.role',
  'user.block',
  'user.unblock',
  'user.delete',
  // Issue 25: a person's second factor taken away (npm run admin -- reset-2fa).
  'user.twoFactorReset',
  'request.verify',
  'request.remove',
  'request.delete',
  // Issue 25: staff closing someone else's request (done also records the donor's donation).
  'request.done',
  'request.cancel',
  // Issue 27: staff marking someone else's pledge donated (it records the donation) or not come.
  'request.pledgeOutcome',
  'report.dismiss',
  'blog.publish',
  'blog.unpublish',
  'blog.delete',
  // Issue 25: an email the outbox gave up on, sent again.
  'outbox.resend',
  // Issue 28 (decision 036): a number shown to the other side of a pledge, and staff's look at a
  // request's numbers (with their reason). Not staff actions only: every reveal is recorded.
  'phone.reveal',
  'phone.staffView',
  // Issue 32: a personal API token made or revoked (by its owner: any role, not staff only).
  'token.create',
  'token.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/**
 * Who acts: a staff role, or `cli`, the operator's `npm run admin` on the server (issue 25), which
 * has no account of its own.
 */
export const AUDIT_ACTOR_ROLES = [...ROLES, 'cli'] as const;
export type AuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];
