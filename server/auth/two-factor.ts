import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { msg } from '../../common/message-key.ts';
import { textOf } from '../lib/messages.ts';

/**
 * A second factor at sign-in (issue 25, decision 025): better-auth's own twoFactor plugin, TOTP
 * with its backup codes as recovery codes. Admins must have it (requireRole refuses them admin
 * actions until they do); anyone else may choose it.
 */

/** Failed codes in a row, across sign-in attempts, before the second step locks for a while. */
export const TWO_FACTOR_FAILURE_LIMIT = 5;
export const TWO_FACTOR_LOCK_SECONDS = 15 * 60;

/**
 * What each opened two-factor endpoint may be sent. Not `trustDevice` (a staff sign-in always
 * asks for the code), not `method` (the email/SMS one-time code is not configured), not
 * `issuer`, not `disableSession`.
 */
const BODY_KEYS: Readonly<Record<string, ReadonlySet<string>>> = {
  '/two-factor/enable': new Set(['password']),
  '/two-factor/disable': new Set(['password']),
  '/two-factor/verify-totp': new Set(['code']),
  '/two-factor/verify-backup-code': new Set(['code']),
};

/** Holds the opened two-factor endpoints to the fields the product sends. */
const refuseOtherFields: BetterAuthPlugin = {
  id: 'redhope-two-factor-fields',
  hooks: {
    before: [
      {
        matcher: (ctx) => typeof ctx.path === 'string' && ctx.path in BODY_KEYS,
        handler: createAuthMiddleware(async (ctx) => {
          const allowed = BODY_KEYS[ctx.path] ?? new Set<string>();
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          const unknown = Object.keys(body).filter((key) => !allowed.has(key));
          if (unknown.length) {
            const message = msg('validation.fields.notHere', { keys: unknown.join(', ') });
            throw APIError.fromStatus('BAD_REQUEST', {
              code: 'FIELD_NOT_ALLOWED',
              message: textOf('en', message),
              messageKey: message,
            });
          }
        }),
      },
    ],
  },
  // The plugin allows 3 two-factor calls per address in 10 s: a staff office behind one address
  // would wait on each other's typos. The account lockout below is what stops guessing.
  rateLimit: [{ pathMatcher: (path) => path.startsWith('/two-factor/'), window: 60, max: 30 }],
};

/** The plugins to give better-auth: the field check first, so its rate rule is the one used. */
export function twoFactorPlugins(): BetterAuthPlugin[] {
  return [
    refuseOtherFields,
    twoFactor({
      issuer: 'RedHope',
      // The sign-in's code step: 10 minutes to type the code after the password.
      twoFactorCookieMaxAge: 10 * 60,
      accountLockout: {
        enabled: true,
        maxFailedAttempts: TWO_FACTOR_FAILURE_LIMIT,
        durationSeconds: TWO_FACTOR_LOCK_SECONDS,
      },
      backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
    }),
  ];
}
