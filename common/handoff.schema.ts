import { z } from 'zod';
import { msg } from './message-key.ts';

/** POST /api/donation-request/:id/contacts/staff-view: staff say why they look (audited). */
export const staffContactViewSchema = z.strictObject({
  reason: z
    .string({ error: msg('validation.handoff.staffReason') })
    .trim()
    .min(10, msg('validation.handoff.staffReason'))
    .max(500, msg('validation.trust.reasonTooLong')),
});
export type StaffContactView = z.infer<typeof staffContactViewSchema>;
