import { z } from 'zod';
import { BLOOD_GROUPS } from './constants.ts';
import { required, upazilaField } from './fields.ts';
import { msg } from './message-key.ts';

/** Only these special characters are allowed, and one of them is required (SPEC §5). */
const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{6,}$/;

export const passwordSchema = z
  .string({ error: msg('validation.password.required') })
  .min(1, msg('validation.password.required'))
  .min(6, msg('validation.password.tooShort'))
  .max(20, msg('validation.password.tooLong'))
  .regex(PASSWORD_PATTERN, msg('validation.password.pattern'));

export const emailSchema = required(msg('validation.email.required'))
  .max(254, msg('validation.email.tooLong'))
  .pipe(z.email(msg('validation.email.invalid')))
  .transform((email) => email.toLowerCase())
  .meta({ format: 'email' });

/** A photo is one of our own uploads (`/api/images/…`) or an https address. */
export const imageUrlSchema = required(msg('validation.image.required'))
  .max(500, msg('validation.image.tooLong'))
  .refine(
    (url) => /^\/api\/images\/[A-Za-z0-9-]+\.webp$/.test(url) || /^https:\/\/\S+$/.test(url),
    {
      message: msg('validation.image.notUploaded'),
    },
  );

export const bloodGroupSchema = z.enum(BLOOD_GROUPS, {
  error: msg('validation.bloodGroup.required'),
});

/** Places are exchanged by English name; the server checks them against the reference data. */
export const placeFields = {
  division: required(msg('validation.division.required')).max(
    100,
    msg('validation.division.tooLong'),
  ),
  district: required(msg('validation.district.required')).max(
    100,
    msg('validation.district.tooLong'),
  ),
  upazila: upazilaField,
};

/** What the server accepts at sign-up (POST /api/auth/sign-up/email). */
export const registerSchema = z.object({
  name: required(msg('validation.name.required')).max(100, msg('validation.name.tooLong')),
  email: emailSchema,
  password: passwordSchema,
  image: imageUrlSchema,
  bloodGroup: bloodGroupSchema,
  ...placeFields,
  /**
   * Issue 31 (PDPO 2025): agreement to the privacy notice, its own box apart from the terms and
   * never ticked for the person. Only `true` registers; the server stores it with the notice's
   * version and the time.
   */
  consent: z.literal(true, { error: msg('validation.consent.required') }),
});
export type Register = z.infer<typeof registerSchema>;

/** The registration form: the same fields plus the password confirmation. */
export const registerFormSchema = registerSchema
  .extend({
    image: z.string().optional(),
    // A checkbox holds false until ticked; only a ticked one passes, with the same message.
    consent: z
      .boolean({ error: msg('validation.consent.required') })
      .refine((ticked) => ticked, msg('validation.consent.required')),
    confirmPassword: z
      .string({ error: msg('validation.confirmPassword.required') })
      .min(1, msg('validation.confirmPassword.required')),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: msg('validation.confirmPassword.mismatch'),
    path: ['confirmPassword'],
    // Say so even while other fields are still wrong, so the person sees it at once.
    when: (payload) => {
      const form = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof form.password === 'string' && typeof form.confirmPassword === 'string';
    },
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const loginSchema = z.object({
  email: required(msg('validation.email.required')),
  password: z
    .string({ error: msg('validation.password.required') })
    .min(1, msg('validation.password.required')),
});
export type Login = z.infer<typeof loginSchema>;
