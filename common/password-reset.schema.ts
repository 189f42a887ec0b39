import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.schema.ts';

/** How long a password-reset link works. */
export const RESET_LINK_MINUTES = 30;

/** POST /api/password-reset: "send me a link". */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/password-reset/confirm: the link's token and the new password (SPEC §5's rules). */
export const passwordResetSchema = z.strictObject({
  token: z
    .string({ error: 'This link is not complete: please open the link from the email again' })
    .min(1, 'This link is not complete: please open the link from the email again')
    .max(200, 'This link is not valid: please ask for a new one'),
  password: passwordSchema,
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** The reset form: the new password twice. */
export const passwordResetFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z
      .string({ error: 'Confirm password is required' })
      .min(1, 'Confirm password is required'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type PasswordResetForm = z.infer<typeof passwordResetFormSchema>;
