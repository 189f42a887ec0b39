import { z } from 'zod';
import { consentStateSchema, deleteAccountSchema, giveConsentSchema } from '../privacy.ts';
import { body, type Endpoint, errors, json, signedIn } from './define.ts';

// Issue 31 (Bangladesh PDPO 2025): consent to the privacy notice, its withdrawal, and deleting
// one's own account.

/** POST /api/users/me/consent: agree to the privacy notice (again, after a change or withdrawal). */
export const giveConsent = {
  method: 'post',
  path: '/users/me/consent',
  tags: ['Privacy'],
  summary:
    'Agree to the privacy notice of this version (the current one; an older one is refused with 409 NOTICE_CHANGED)',
  security: signedIn,
  request: { body: body(giveConsentSchema) },
  responses: {
    200: json(consentStateSchema, 'Recorded; where the caller stands now'),
    ...errors(401, 403, 409, 413, 415),
  },
} as const satisfies Endpoint;

/** DELETE /api/users/me/consent: withdraw consent; donor search and alerts stop at once. */
export const withdrawConsent = {
  method: 'delete',
  path: '/users/me/consent',
  tags: ['Privacy'],
  summary:
    'Withdraw consent: out of the donor search and alerts at once (hidden), the account kept for requests',
  security: signedIn,
  responses: {
    200: json(consentStateSchema, 'Withdrawn; where the caller stands now'),
    ...errors(401, 403),
  },
} as const satisfies Endpoint;

/** DELETE /api/users/me: delete one's own account, with the password and a typed confirmation. */
export const deleteMe = {
  method: 'delete',
  path: '/users/me',
  tags: ['Privacy'],
  summary:
    'Delete one’s own account (password and the typed word DELETE or মুছুন): sessions and tokens end, personal data is erased, others’ records keep a placeholder',
  security: signedIn,
  request: { body: body(deleteAccountSchema) },
  responses: {
    200: json(
      z.strictObject({ deleted: z.literal(true) }),
      'Deleted; the session cookie is cleared',
    ),
    ...errors(401, 403, 409, 413, 415, 429),
  },
} as const satisfies Endpoint;
