import { z } from 'zod';
import { BLOOD_GROUPS, REQUEST_STATUSES } from './constants.ts';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_ROLES,
  REPORT_REASONS,
  REPORT_STATUSES,
} from './trust.constants.ts';

// Answers of the trust, audit and donation-history endpoints (issue 14). The web imports these
// as types only.

/** One report on a request, as staff read it. */
export const reportResponseSchema = z.strictObject({
  id: z.string(),
  requestId: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  /** Null once the reporter's account is deleted (the report still counts). */
  reporterName: z.string().nullable(),
  reporterEmail: z.string().nullable(),
  createdAt: z.iso.datetime(),
  handledAt: z.iso.datetime().nullable(),
  handledBy: z.string().nullable(),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** A request in the staff queue: it has open reports. */
export const reportedRequestResponseSchema = z.strictObject({
  id: z.string(),
  recipientName: z.string(),
  bloodGroup: z.enum(BLOOD_GROUPS),
  district: z.string(),
  hospitalName: z.string(),
  donationDate: z.string(),
  donationTime: z.string(),
  status: z.enum(REQUEST_STATUSES),
  requesterName: z.string(),
  requesterEmail: z.string().nullable(),
  verified: z.boolean(),
  /** Open reports, one per person. */
  openReports: z.number().int(),
  /** What the open reports of active reporters weigh (decision 024). */
  reportWeight: z.number().int(),
  /**
   * Hidden from the public list (its reports weigh REPORT_WEIGHT_TO_HIDE) until staff act; a
   * verified request never is.
   */
  hidden: z.boolean(),
  lastReportedAt: z.iso.datetime(),
});
export type ReportedRequestResponse = z.infer<typeof reportedRequestResponseSchema>;

/** A donor's withdrawal, with how many times that donor has withdrawn in all. */
export const withdrawalResponseSchema = z.strictObject({
  id: z.string(),
  /** Null once the request is deleted (what it was stays below). */
  requestId: z.string().nullable(),
  recipientName: z.string(),
  bloodGroup: z.enum(BLOOD_GROUPS),
  donationDate: z.string(),
  donorName: z.string(),
  donorEmail: z.string().nullable(),
  reason: z.string(),
  createdAt: z.iso.datetime(),
  /** Every withdrawal by this donor (null once the account is deleted). */
  donorWithdrawals: z.number().int().nullable(),
});
export type WithdrawalResponse = z.infer<typeof withdrawalResponseSchema>;

/** One staff action, as the audit log keeps it. */
export const auditEntryResponseSchema = z.strictObject({
  id: z.string(),
  at: z.iso.datetime(),
  actorName: z.string(),
  actorEmail: z.string().nullable(),
  actorRole: z.enum(AUDIT_ACTOR_ROLES),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(['user', 'request', 'report', 'blog']),
  targetId: z.string(),
  /** What the target was called then (a name, a title), so the row reads after it is gone. */
  targetLabel: z.string(),
  detail: z.string().nullable(),
});
export type AuditEntryResponse = z.infer<typeof auditEntryResponseSchema>;

/** One completed donation in a donor's history. */
export const donationResponseSchema = z.strictObject({
  id: z.string(),
  donationDate: z.string(),
  donationTime: z.string(),
  hospitalName: z.string(),
  district: z.string(),
  division: z.string(),
  bloodGroup: z.enum(BLOOD_GROUPS),
});
export type DonationResponse = z.infer<typeof donationResponseSchema>;

/** What a thank-you certificate says. */
export const certificateResponseSchema = donationResponseSchema.extend({
  donorName: z.string(),
  /** The donor's how-manieth completed donation through RedHope this was. */
  ordinal: z.number().int(),
});
export type CertificateResponse = z.infer<typeof certificateResponseSchema>;
