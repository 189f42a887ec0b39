import { z } from 'zod';
import { BLOOD_GROUPS } from './constants.ts';
import { required, upazilaField } from './fields.ts';

/** Only these special characters are allowed, and one of them is required (SPEC §5). */
const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{6,}$/;

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(6, 'Password must be 6 characters')
  .max(20, 'Password must be less than 20 characters')
  .regex(
    PASSWORD_PATTERN,
    'Password must be at least 6 characters long and include uppercase, lowercase, number, and special character',
  );

export const emailSchema = required('Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

/** A photo is one of our own uploads (`/api/images/…`) or an https address. */
export const imageUrlSchema = required('Photo is required')
  .max(500, 'Photo address is too long')
  .refine(
    (url) => /^\/api\/images\/[A-Za-z0-9-]+\.webp$/.test(url) || /^https:\/\/\S+$/.test(url),
    {
      message: 'Photo must be an uploaded image',
    },
  );

export const bloodGroupSchema = z.enum(BLOOD_GROUPS, { error: 'Blood group is required' });

/** Places are exchanged by English name; the server checks them against the reference data. */
export const placeFields = {
  division: required('Division is required').max(100),
  district: required('District is required').max(100),
  upazila: upazilaField,
};

/** What the server accepts at sign-up (POST /api/auth/sign-up/email). */
export const registerSchema = z.object({
  name: required('Name is required').max(100, 'Name must be at most 100 characters'),
  email: emailSchema,
  password: passwordSchema,
  image: imageUrlSchema,
  bloodGroup: bloodGroupSchema,
  ...placeFields,
});
export type Register = z.infer<typeof registerSchema>;

/** The registration form: the same fields plus the password confirmation. */
export const registerFormSchema = registerSchema
  .extend({
    image: z.string().optional(),
    confirmPassword: z
      .string({ error: 'Confirm password is required' })
      .min(1, 'Confirm password is required'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    // Say so even while other fields are still wrong, so the person sees it at once.
    when: (payload) => {
      const form = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof form.password === 'string' && typeof form.confirmPassword === 'string';
    },
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const loginSchema = z.object({
  email: required('Email is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type Login = z.infer<typeof loginSchema>;
