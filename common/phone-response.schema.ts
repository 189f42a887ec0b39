import { z } from 'zod';

// Answers only: the web imports these as types, so they stay out of the browser bundle.

/**
 * The caller's own number (issue 28), in their profile (GET /api/users/me) and the phone
 * endpoints' answers: no other answer carries a number (decision 033).
 */
export const phoneResponseSchema = z.strictObject({
  /** The verified number, +8801XXXXXXXXX, or null. */
  number: z.string().nullable(),
  verifiedAt: z.iso.datetime().nullable(),
  smsAlerts: z.boolean(),
  nightAlerts: z.boolean(),
  /** A code asked for and not yet confirmed: the number it went to, and when it ends. */
  pending: z
    .strictObject({ number: z.string(), expiresAt: z.iso.datetime().nullable() })
    .nullable(),
  /** Whether the site sends SMS at all (SMS_URL set). */
  smsEnabled: z.boolean(),
});
export type PhoneResponse = z.infer<typeof phoneResponseSchema>;

/** One Dhaka day of SMS against the budget (admins). */
export const smsDayResponseSchema = z.strictObject({
  day: z.string(),
  sent: z.number().int(),
  budget: z.number().int(),
  refused: z.number().int(),
  reachedAt: z.iso.datetime().nullable(),
});
export type SmsDayResponse = z.infer<typeof smsDayResponseSchema>;

export const smsDaysResponseSchema = z.strictObject({
  enabled: z.boolean(),
  budget: z.number().int(),
  perDonorPerDay: z.number().int(),
  days: z.array(smsDayResponseSchema),
});
export type SmsDaysResponse = z.infer<typeof smsDaysResponseSchema>;

/** What a delivery receipt did: marked its SMS delivered or undelivered, or took a state on the way. */
export const smsReceiptResponseSchema = z.strictObject({
  status: z.enum(['delivered', 'undelivered', 'ignored']),
});
export type SmsReceiptResponse = z.infer<typeof smsReceiptResponseSchema>;
