import { z } from 'zod';
import { msg } from './message-key.ts';

/** POST /api/users/me/phone: a number as typed; the server reads it (phone.rules.ts). */
export const phoneNumberSchema = z.strictObject({
  phone: z
    .string(msg('validation.phone.required'))
    .trim()
    .min(1, msg('validation.phone.required'))
    .max(30, msg('validation.phone.tooLong')),
});

/** POST /api/users/me/phone/confirm: the 6 digits of the SMS. */
export const phoneCodeSchema = z.strictObject({
  code: z
    .string(msg('validation.phone.code'))
    .trim()
    .regex(/^\d{6}$/, msg('validation.phone.code')),
});

/** PUT /api/users/me/phone/alerts: SMS alerts, and critical ones in the night too. */
export const smsChoicesSchema = z.strictObject({
  smsAlerts: z.boolean(),
  nightAlerts: z.boolean(),
});
export type SmsChoices = z.infer<typeof smsChoicesSchema>;

/**
 * POST /api/sms/receipts/{secret}: an HTTP gateway's delivery receipt. It names the message by
 * the gateway's id (`id` or `message_id`, as the send's answer gave it) or by ours (`reference`,
 * as the send carried it), and says its state: `delivered` (DELIVRD) or `failed` (UNDELIV,
 * EXPIRED, REJECTD, …); states on the way (ENROUTE, ACCEPTD, …) are taken and change nothing.
 */
export const smsReceiptSchema = z
  .object({
    id: z.union([z.string().trim().min(1).max(200), z.number()]).optional(),
    message_id: z.union([z.string().trim().min(1).max(200), z.number()]).optional(),
    reference: z.string().trim().min(1).max(200).optional(),
    status: z
      .string(msg('validation.smsReceipt.status'))
      .trim()
      .min(1, msg('validation.smsReceipt.status'))
      .max(40, msg('validation.smsReceipt.status')),
  })
  .refine((receipt) => (receipt.id ?? receipt.message_id ?? receipt.reference) !== undefined, {
    message: msg('validation.smsReceipt.name'),
    path: ['id'],
  });
export type SmsReceiptBody = z.infer<typeof smsReceiptSchema>;
