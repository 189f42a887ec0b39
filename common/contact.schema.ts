import { z } from 'zod';
import { CONTACT_STATUSES } from './constants.ts';
import { required, statusFilter } from './fields.ts';
import { msg } from './message-key.ts';

/** The home page's Get in Touch form; the server validates the body with the same schema. */
export const contactSchema = z.object({
  name: required(msg('validation.name.required')).max(100, msg('validation.name.tooLong')),
  phone: required(msg('validation.phone.required'))
    .max(20, msg('validation.phone.tooLong'))
    .regex(/^[0-9+\-\s()]+$/, msg('validation.phone.invalid')),
  email: required(msg('validation.email.required'))
    .max(254, msg('validation.email.tooLong'))
    .pipe(z.email(msg('validation.email.invalid')))
    .meta({ format: 'email' }),
  message: required(msg('validation.message.required')).max(
    2000,
    msg('validation.message.tooLong'),
  ),
});

export type Contact = z.infer<typeof contactSchema>;

/** `?status=` on the admins' inbox: new, handled, or empty for both. */
export const contactStatusFilterSchema = statusFilter(CONTACT_STATUSES);

/** PATCH /api/contacts/:id: mark a message handled, or new again. */
export const contactStatusChangeSchema = z.strictObject(
  { status: z.enum(CONTACT_STATUSES, { error: msg('validation.contactStatus.invalid') }) },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? msg('validation.fields.notChangeable', { keys: issue.keys.join(', ') })
        : undefined,
  },
);
export type ContactStatusChange = z.infer<typeof contactStatusChangeSchema>;
