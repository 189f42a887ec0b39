import { z } from 'zod';
import { CONTACT_STATUSES } from './constants.ts';

// Answers only: the web imports these as types, so they stay out of the browser bundle.

/** A message from the home page's contact form, as the admins' inbox reads it. */
export const contactMessageResponseSchema = z.strictObject({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().meta({ format: 'email' }),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  createdAt: z.iso.datetime(),
  /** When an admin marked it handled, and who; null while it is new. */
  handledAt: z.iso.datetime().nullable(),
  handledBy: z.string().nullable(),
});
export type ContactMessageResponse = z.infer<typeof contactMessageResponseSchema>;
