import { z } from 'zod';
import { CONTACT_STATUSES } from './constants.ts';
import { required, statusFilter } from './fields.ts';

/** The home page's Get in Touch form; the server validates the body with the same schema. */
export const contactSchema = z.object({
  name: required('Name is required').max(100, 'Name must be at most 100 characters'),
  phone: required('Phone number is required')
    .max(20, 'Phone number must be at most 20 characters')
    .regex(/^[0-9+\-\s()]+$/, 'Phone number may contain only digits, spaces and + - ( )'),
  email: required('Email is required').max(254).pipe(z.email('Please enter a valid email address')),
  message: required('Message is required').max(2000, 'Message must be at most 2000 characters'),
});

export type Contact = z.infer<typeof contactSchema>;

/** `?status=` on the admins' inbox: new, handled, or empty for both. */
export const contactStatusFilterSchema = statusFilter(CONTACT_STATUSES);

/** PATCH /api/contacts/:id: mark a message handled, or new again. */
export const contactStatusChangeSchema = z.strictObject(
  { status: z.enum(CONTACT_STATUSES, { error: "Status must be 'new' or 'handled'" }) },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `These fields cannot be changed here: ${issue.keys.join(', ')}.`
        : undefined,
  },
);
export type ContactStatusChange = z.infer<typeof contactStatusChangeSchema>;
