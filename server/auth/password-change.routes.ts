import { APIError } from 'better-auth/api';
import { changePassword } from '../../common/contract/password-change.contract.ts';
import { isErrorCode } from '../../common/error-codes.ts';
import { msg, parseMessage } from '../../common/message-key.ts';
import { emailJob } from '../features/notifications/outbox.jobs.ts';
import { passwordChangedNotice } from '../features/password-reset/password-changed-notice.ts';
import { revokeAllApiTokens } from '../features/tokens/revoke-all.ts';
import { findLanguageById } from '../features/users/users.repository.ts';
import { enqueue } from '../jobs/define-job.ts';
import type { AppDeps } from '../lib/context.ts';
import { AppError, unauthorized } from '../lib/errors.ts';
import { createRouter, guarded } from '../lib/openapi.ts';
import { tooManyRequests } from '../lib/rate-limit.ts';
import { countPasswordAttempt, failureKey } from './account-lockout.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { clientIp } from './client-ip.ts';
import { currentUser, requireUser } from './session.ts';

/**
 * Change password, for a signed-in user (issue 25): better-auth's own change-password, called
 * through its server API, checks the current password and stores the new hash; every other
 * session and API token of the account ends and this browser is given a fresh session. The
 * current password counts against the account lockout like a sign-in, so the form is no way
 * around it, and the owner is emailed that the password changed.
 */
export function passwordChangeRoutes({ auth, db, env, counters, clock, mailer }: AppDeps) {
  return createRouter().openapi(guarded(changePassword, requireUser), async (c) => {
    const user = currentUser(c);
    // better-auth reads its session from the cookie only: a bearer token has none to give it.
    if (c.get('session')?.viaBearer) {
      throw new AppError(403, 'BROWSER_SESSION_REQUIRED', msg('errors.passwordChange.browserOnly'));
    }
    const { currentPassword, newPassword } = c.req.valid('json');
    const attempt = await countPasswordAttempt(counters, user.email);
    if (attempt.locked) {
      throw tooManyRequests(
        c,
        { code: 'TOO_MANY_ATTEMPTS', message: msg('errors.limits.accountSignIns') },
        attempt.resetAt,
      );
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, env.TRUST_PROXY));
    const answer = await auth.api
      .changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers,
        returnHeaders: true,
      })
      .catch((error: unknown) => {
        throw asAppError(error);
      });
    // The fresh session's cookie: this browser stays signed in, every other session is gone.
    for (const cookie of answer.headers.getSetCookie()) {
      c.header('set-cookie', cookie, { append: true });
    }
    await counters.reset(failureKey(user.email));
    // Issue 32: personal API tokens end with the other sessions.
    await revokeAllApiTokens(db, user, 'password changed');
    if (mailer) {
      const at = clock.now();
      const language = (await findLanguageById(db, user.id)) ?? 'en';
      const notice = passwordChangedNotice(env, { email: user.email, language }, at);
      await enqueue(db, emailJob, notice, { now: at });
    }
    return c.json({ changed: true as const }, 200);
  });
}

/** better-auth's refusals in the API's words; anything else stays an error (a 500). */
function asAppError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  const body = error.body ?? {};
  // Our own refusals from auth.ts's hooks (the password rules) carry their message's key.
  if (typeof body.messageKey === 'string' && parseMessage(body.messageKey)) {
    const status = error.statusCode === 403 ? 403 : 400;
    const code =
      typeof body.code === 'string' && isErrorCode(body.code) ? body.code : 'VALIDATION_FAILED';
    return new AppError(status, code, body.messageKey);
  }
  if (body.code === 'INVALID_PASSWORD') {
    return new AppError(400, 'WRONG_PASSWORD', msg('errors.passwordChange.wrongCurrent'));
  }
  if (error.statusCode === 401) return unauthorized();
  return error;
}
