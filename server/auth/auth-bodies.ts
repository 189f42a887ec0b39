import { z } from 'zod';
import { emailSchema, loginSchema, registerSchema } from '../../common/auth.schema.ts';
import { msg } from '../../common/message-key.ts';

// Issue 32 (one error shape): the bodies of better-auth's endpoints we open, checked by us
// before the library reads them, so a refusal is ours: VALIDATION_FAILED with a message for each
// field, in the caller's language, as on every other endpoint. better-auth's own checks answered
// VALIDATION_ERROR with raw English text and no field. Not strict: a field the product does not
// send is refused by name afterwards (FIELD_NOT_ALLOWED, auth.ts and two-factor.ts).

const password = z
  .string({ error: msg('validation.password.required') })
  .min(1, msg('validation.password.required'));
const code = z
  .string({ error: msg('validation.twoFactorCode.required') })
  .trim()
  .min(1, msg('validation.twoFactorCode.required'))
  .max(64, msg('validation.twoFactorCode.required'));

const AUTH_BODIES: Readonly<Record<string, z.ZodType>> = {
  '/sign-up/email': registerSchema,
  // An address that cannot be one is said to be so, not "wrong email or password".
  '/sign-in/email': loginSchema.extend({ email: emailSchema }),
  '/two-factor/enable': z.object({ password }),
  '/two-factor/disable': z.object({ password }),
  '/two-factor/verify-totp': z.object({ code }),
  '/two-factor/verify-backup-code': z.object({ code }),
};

/**
 * Throws the body's problems (a ZodError, which the error handler answers 400 VALIDATION_FAILED
 * with `details`), or a SyntaxError for text that is not JSON (400 MALFORMED_JSON). Paths
 * without a body of their own (sign-out, revoke-sessions) are left to better-auth.
 */
export function assertAuthBody(path: string, body: ArrayBuffer | undefined): void {
  const schema = AUTH_BODIES[path];
  if (!schema) return;
  const text = body ? new TextDecoder().decode(body) : '';
  const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text);
  const result = schema.safeParse(parsed);
  if (!result.success) throw result.error;
}
