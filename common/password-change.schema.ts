import { z } from 'zod';
import { passwordSchema } from './auth.schema.ts';
import { msg } from './message-key.ts';

/**
 * POST /api/users/me/password: the current password (checked by better-auth, counted by the
 * account lockout) and the new one under SPEC §5's password rules, the registration's own rule.
 */
export const changePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: msg('validation.currentPassword.required') })
    .min(1, msg('validation.currentPassword.required'))
    // Longer than any password the rules allow: never worth hashing.
    .max(128, msg('validation.currentPassword.tooLong')),
  newPassword: passwordSchema,
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** The profile's Change password form: the same fields plus the new password again. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z
      .string({ error: msg('validation.confirmPassword.required') })
      .min(1, msg('validation.confirmPassword.required')),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: msg('validation.confirmPassword.mismatch'),
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
