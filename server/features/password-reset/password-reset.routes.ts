import * as contract from '../../../common/contract/password-reset.contract.ts';
import { msg } from '../../../common/message-key.ts';
import { failureKey } from '../../auth/account-lockout.ts';
import { clientIp } from '../../auth/client-ip.ts';
import { hashPassword } from '../../auth/password.ts';
import { languageSource } from '../../auth/session.ts';
import { enqueue } from '../../jobs/define-job.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { callerLanguage, translate } from '../../lib/messages.ts';
import { createRouter } from '../../lib/openapi.ts';
import { countAgainstLimit, type RateLimit } from '../../lib/rate-limit.ts';
import { passwordChangedNotice } from './password-changed-notice.ts';
import { passwordResetJob } from './password-reset.jobs.ts';
import * as resets from './password-reset.repository.ts';
import { hashResetToken } from './reset-token.ts';

const MINUTE_MS = 60_000;

/** The one answer to "send me a link", whether or not an account uses the address (English). */
export const RESET_REQUESTED = translate('en', 'errors.passwordReset.requested');

const LINK_INVALID = () =>
  new AppError(400, 'RESET_LINK_INVALID', msg('errors.passwordReset.linkInvalid'));

/**
 * Password reset by email, on our own routes rather than better-auth's (which stay closed, see
 * server/auth/auth-surface.ts): a single-use token, valid 30 minutes, stored as a hash; every
 * session ends after a reset; the same answer for any address. Without email (no SMTP_URL) it
 * is unavailable, and says so.
 */
export function passwordResetRoutes({ db, env, counters, clock, mailer, auth }: AppDeps) {
  const languages = languageSource(auth, db);
  const byAddress = (name: string, limit: number, windowMs: number): RateLimit => ({
    name,
    limit,
    windowMs,
    key: (c) => clientIp(c, env.TRUST_PROXY),
    code: 'TOO_MANY_ATTEMPTS',
    message: msg('errors.limits.resetAttempts'),
  });
  const requestsPerAddress = byAddress('reset-request', 5, 15 * MINUTE_MS);
  const resetsPerAddress = byAddress('reset-confirm', 10, 15 * MINUTE_MS);

  return createRouter()
    .openapi(contract.passwordResetStatus, (c) => c.json({ available: mailer !== null }, 200))
    .openapi(contract.requestPasswordReset, async (c) => {
      if (!mailer) {
        throw new AppError(503, 'EMAIL_UNAVAILABLE', msg('errors.passwordReset.unavailable'));
      }
      const { email } = c.req.valid('json');
      await countAgainstLimit(counters, requestsPerAddress, c);
      // Per address asked for, too: nobody is sent a flood of links. Counted for unknown
      // addresses alike, so the limit says nothing about who has an account.
      await countAgainstLimit(
        counters,
        {
          name: 'reset-request-email',
          limit: 3,
          windowMs: 60 * MINUTE_MS,
          key: () => email,
          code: 'TOO_MANY_ATTEMPTS',
          message: msg('errors.limits.resetLinks'),
        },
        c,
      );
      // The lookup and the email happen in the background: this answer takes the same time and
      // says the same thing whether or not the account exists.
      const now = clock.now();
      await enqueue(db, passwordResetJob, { email }, { now });
      const language = await callerLanguage(c, languages);
      return c.json({ message: translate(language, 'errors.passwordReset.requested') }, 200);
    })
    .openapi(contract.resetPassword, async (c) => {
      await countAgainstLimit(counters, resetsPerAddress, c);
      const { token, password } = c.req.valid('json');
      const tokenHash = hashResetToken(token);
      const now = clock.now();
      const owner = await resets.findUsableToken(db, tokenHash, now);
      if (!owner) throw LINK_INVALID();
      const passwordHash = await hashPassword(password);
      const at = clock.now();
      const reset = await resets.resetPassword(db, {
        tokenHash,
        userId: owner.userId,
        passwordHash,
        now: at,
        notice: mailer ? passwordChangedNotice(env, owner, at) : null,
      });
      if (!reset) throw LINK_INVALID();
      // A new password is a fresh start for the account's failed sign-ins.
      await counters.reset(failureKey(owner.email));
      return c.json({ reset: true as const }, 200);
    });
}
