import { z } from 'zod';
import { msg } from './message-key.ts';

export { PRIVACY_NOTICE_VERSION } from './privacy-notice.ts';

/** The words that confirm deleting an account, typed by hand: English or Bangla. */
export const DELETE_CONFIRMATION_WORDS = ['DELETE', 'মুছুন'] as const;

export const isDeleteConfirmation = (typed: string) =>
  DELETE_CONFIRMATION_WORDS.some(
    (word) => word === typed.trim().toUpperCase() || word === typed.trim(),
  );

/** POST /api/users/me/consent: agree to the notice of this version (the one the person read). */
export const giveConsentSchema = z.strictObject({
  noticeVersion: z
    .string({ error: msg('validation.consent.version') })
    .min(1, msg('validation.consent.version'))
    .max(40, msg('validation.consent.version')),
});
export type GiveConsent = z.infer<typeof giveConsentSchema>;

/** DELETE /api/users/me: the password and the typed confirmation. */
export const deleteAccountSchema = z.strictObject({
  password: z
    .string({ error: msg('validation.currentPassword.required') })
    .min(1, msg('validation.currentPassword.required'))
    .max(128, msg('validation.currentPassword.tooLong')),
  confirmation: z
    .string({ error: msg('validation.accountDelete.confirmation') })
    .max(40, msg('validation.accountDelete.confirmation'))
    .refine(isDeleteConfirmation, msg('validation.accountDelete.confirmation')),
});
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

/** Where a person stands with the notice, as GET /api/users/me answers it. */
export const consentStateSchema = z.strictObject({
  /** The notice's version now. */
  noticeVersion: z.string(),
  /** The version they last agreed to; null if never. */
  acceptedVersion: z.string().nullable(),
  givenAt: z.iso.datetime().nullable(),
  /** Set once they withdrew it: no donor search, no alerts, the account kept for requests. */
  withdrawnAt: z.iso.datetime().nullable(),
  /** They must agree (again) before going on: never agreed, or agreed to an older notice. */
  owed: z.boolean(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;
