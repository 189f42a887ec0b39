import * as contract from '../../../common/contract/privacy.contract.ts';
import { msg } from '../../../common/message-key.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../common/privacy.ts';
import { countPasswordAttempt, failureKey } from '../../auth/account-lockout.ts';
import { verifyPassword } from '../../auth/password.ts';
import { currentUser, requireUser } from '../../auth/session.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { tooManyRequests } from '../../lib/rate-limit.ts';
import * as users from '../users/users.repository.ts';
import * as consents from './consent.repository.ts';

/**
 * Issue 31 (PDPO 2025): consent to the privacy notice, given again or withdrawn, and deleting
 * one's own account. Mounted before the users' routes, whose /users/:id would take /users/me.
 */
export function privacyRoutes({ auth, db, clock, counters }: AppDeps) {
  return createRouter()
    .openapi(guarded(contract.giveConsent, requireUser), async (c) => {
      const user = currentUser(c);
      // Agreement is to the words the person read: a tab open on an older notice is refused.
      if (c.req.valid('json').noticeVersion !== PRIVACY_NOTICE_VERSION) {
        throw conflict('NOTICE_CHANGED', msg('errors.privacy.noticeChanged'));
      }
      await consents.give(db, user.id, clock.now(), PRIVACY_NOTICE_VERSION);
      return c.json(await consents.consentState(db, user.id), 200);
    })
    .openapi(guarded(contract.withdrawConsent, requireUser), async (c) => {
      const user = currentUser(c);
      await consents.withdraw(db, user.id, clock.now());
      return c.json(await consents.consentState(db, user.id), 200);
    })
    .openapi(guarded(contract.deleteMe, requireUser), async (c) => {
      const user = currentUser(c);
      const { password } = c.req.valid('json');
      // The password counts against the account lockout like a sign-in: no way around it here.
      const attempt = await countPasswordAttempt(counters, user.email);
      if (attempt.locked) {
        throw tooManyRequests(
          c,
          { code: 'TOO_MANY_ATTEMPTS', message: msg('errors.limits.accountSignIns') },
          attempt.resetAt,
        );
      }
      const hash = await users.findPasswordHash(db, user.id);
      if (!hash || !(await verifyPassword({ hash, password }))) {
        throw new AppError(403, 'WRONG_PASSWORD', msg('errors.privacy.wrongPassword'));
      }
      const deleted = await users.deleteById(db, user.id, clock.now());
      if (!deleted) {
        const still = await users.findById(db, user.id);
        if (!still) throw notFound(msg('errors.users.noSuchUser'));
        throw conflict('LAST_ADMIN', msg('errors.privacy.lastAdmin'));
      }
      await counters.reset(failureKey(user.email));
      // Every session and token went with the account; this browser's cookie is cleared too.
      if (!c.get('session')?.viaBearer) {
        const ended = await auth.api
          .signOut({ headers: c.req.raw.headers, returnHeaders: true })
          .catch(() => null);
        for (const cookie of ended?.headers.getSetCookie() ?? []) {
          c.header('set-cookie', cookie, { append: true });
        }
      }
      return c.json({ deleted: true as const }, 200);
    });
}
