import { z } from 'zod';

// Answers only: the web imports these as types, so they stay out of the browser bundle.

/**
 * The kinds of outbox message: a notification's email, a password reset link, an alert SMS
 * (issue 28; listed by its account's email, never its number).
 */
export const OUTBOX_MESSAGE_KINDS = ['email', 'password-reset', 'sms'] as const;
export type OutboxMessageKind = (typeof OUTBOX_MESSAGE_KINDS)[number];

/** A message the outbox gave up on (issue 25): for an admin to see and resend. */
export const failedMessageResponseSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(OUTBOX_MESSAGE_KINDS),
  to: z.string(),
  /** Null for a password reset: its words and link are written when it is sent. */
  subject: z.string().nullable(),
  attempts: z.number().int(),
  /** The mail server's last refusal or the connection's error. */
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  failedAt: z.iso.datetime(),
});
export type FailedMessageResponse = z.infer<typeof failedMessageResponseSchema>;
