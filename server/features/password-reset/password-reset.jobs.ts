import { z } from 'zod';
import type { MessageKey, MessageParams } from '../../../common/message-key.ts';
import { RESET_LINK_MINUTES } from '../../../common/password-reset.schema.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import type { AppDeps } from '../../lib/context.ts';
import { translate } from '../../lib/messages.ts';
import { publicUrl } from '../notifications/notify.ts';
import * as resets from './password-reset.repository.ts';
import { hashResetToken, newResetToken } from './reset-token.ts';

const payloadSchema = z.object({ email: z.string() });

/**
 * Sends a reset link, if an active account uses the address. It runs in the background, so the
 * request for it answers alike, and as fast, whether or not the account exists. The token is made
 * here and goes straight into the email: no table, the outbox included, ever holds it.
 */
export function passwordResetJobs({ mailer, env }: AppDeps): Record<string, JobHandler> {
  return {
    'password-reset': {
      transaction: 'none',
      async run(payload, { db, now, jobId }) {
        const { email } = payloadSchema.parse(payload);
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
        const link = `${publicUrl(env)}/login/reset-password?token=${token}`;
        // In the account's own language: the email goes to its owner, whoever asked (issue 16).
        const t = (key: MessageKey, params?: MessageParams) =>
          translate(user.language, key, params);
        await mailer.send({
          id: jobId,
          to: user.email,
          subject: t('email.passwordReset.subject'),
          text: [
            t('email.passwordReset.intro'),
            '',
            t('email.passwordReset.link', { link }),
            '',
            t('email.passwordReset.once', { minutes: RESET_LINK_MINUTES }),
            t('email.passwordReset.ignore'),
          ].join('\n'),
        });
      },
    },
  };
}
