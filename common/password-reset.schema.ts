import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.schema.ts';
import { msg } from './message-key.ts';

/** How long a password-reset link works. */
export const RESET_LINK_MINUTES = 30;

/** POST /api/password-reset: "send me a link". */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/password-reset/confirm: the link's token and the new password (SPEC §5's rules). */
export const passwordResetSchema = z.strictObject({
  token: z
    .string({ error: msg('validation.resetToken.incomplete') })
    .min(1, msg('validation.resetToken.incomplete'))
    .max(200, msg('validation.resetToken.invalid')),
  password: passwordSchema,
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** The reset form: the new password twice. */
export const passwordResetFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z
      .string({ error: msg('validation.confirmPassword.required') })
      .min(1, msg('validation.confirmPassword.required')),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: msg('validation.confirmPassword.mismatch'),
    path: ['confirmPassword'],
  });
export type PasswordResetForm = z.infer<typeof passwordResetFormSchema>;
