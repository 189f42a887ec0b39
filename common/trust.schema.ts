import { z } from 'zod';
import { msg } from './message-key.ts';
import { createRequestSchema } from './request.schema.ts';
import { AUDIT_ACTIONS, REPORT_REASONS } from './trust.constants.ts';

// The bodies and filters of the trust endpoints (issue 14); the web's forms use the same.

const reasonText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(500, msg('validation.trust.reasonTooLong'));

/** POST /api/donation-request/:id/report. */
export const reportSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: msg('validation.trust.reportReason') }),
  note: z
    .string()
    .trim()
    .max(500, msg('validation.trust.noteTooLong'))
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type Report = z.infer<typeof reportSchema>;
/** What a client sends (the note may be left out). */
export type ReportInput = z.input<typeof reportSchema>;

/** POST /api/donation-request/:id/withdraw: the donor says why. */
export const withdrawSchema = z.strictObject({
  reason: reasonText(msg('validation.trust.withdrawReason')),
});
export type Withdraw = z.infer<typeof withdrawSchema>;

/** POST /api/donation-request/:id/remove: staff say why. */
export const removeRequestSchema = z.strictObject({
  reason: reasonText(msg('validation.trust.removeReason')),
});
export type RemoveRequest = z.infer<typeof removeRequestSchema>;

/** PATCH /api/reports/:id: staff dismiss a report. */
export const dismissReportSchema = z.strictObject({
  status: z.literal('dismissed', { error: msg('validation.trust.dismissed') }),
});

/** POST /api/donation-request/:id/repost: the same request on a new date and time. */
export const repostSchema = z.strictObject({
  donationDate: createRequestSchema.shape.donationDate,
  donationTime: createRequestSchema.shape.donationTime,
});
export type Repost = z.infer<typeof repostSchema>;

/** `?verified=true` on the public list: only requests staff have checked. */
export const verifiedFilterSchema = z.object({
  verified: z
    .enum(['true', 'false', ''], { error: msg('validation.trust.verified') })
    .optional()
    .transform((v) => v === 'true'),
});

/** `?actor=&action=` on the audit log. */
export const auditFilterSchema = z.object({
  actor: z
    .string()
    .trim()
    .max(254, msg('validation.trust.actorTooLong'))
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  action: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .enum(AUDIT_ACTIONS, {
          error: msg('validation.trust.action', { values: AUDIT_ACTIONS.join(', ') }),
        })
        .optional(),
    ),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;
