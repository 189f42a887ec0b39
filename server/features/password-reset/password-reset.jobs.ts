import { z } from 'zod';
import type { MessageKey, MessageParams } from '../../../common/message-key.ts';
import { RESET_LINK_MINUTES } from '../../../common/password-reset.schema.ts';
import { defineJob } from '../../jobs/define-job.ts';
import { renderEmail } from '../../lib/email-content.ts';
import { translate } from '../../lib/messages.ts';
import { siteLink } from '../notifications/notify.ts';
import * as resets from './password-reset.repository.ts';
import { hashResetToken, newResetToken } from './reset-token.ts';

/**
 * Sends a reset link, if an active account uses the address. It runs in the background, so the
 * request for it answers alike, and as fast, whether or not the account exists. The token is made
 * here and goes straight into the email: no table, the outbox included, ever holds it.
 */
export const passwordResetJob = defineJob({
  kind: 'password-reset',
  payload: z.object({ email: z.string() }),
  transaction: 'none',
  // Tried through an outage only while the person still waits for it: no longer than the link
  // itself would live (issue 25). An admin can resend it later (a new link).
  retryForMs: () => RESET_LINK_MINUTES * 60_000,
  async handle({ email }, { db, now, jobId, deps: { mailer, env } }) {
    if (!mailer) return;
    const user = await resets.findActiveUserByEmail(db, email);
    if (!user) return;
    const token = newResetToken();
    await resets.insertToken(db, {
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
      now,
    });
    const link = siteLink(env, `/login/reset-password?token=${encodeURIComponent(token)}`);
    // In the account's own language: the email goes to its owner, whoever asked (issue 16).
    const t = (key: MessageKey, params?: MessageParams) => translate(user.language, key, params);
    const message = renderEmail({
      subject: t('email.passwordReset.subject'),
      body: [{ type: 'line', text: t('email.passwordReset.intro') }],
      action: { sentence: (href) => t('email.passwordReset.link', { link: href }), href: link },
      closing: [
        t('email.passwordReset.once', { minutes: RESET_LINK_MINUTES }),
        t('email.passwordReset.ignore'),
      ],
    });
    await mailer.send({ id: jobId, to: user.email, ...message });
  },
});
