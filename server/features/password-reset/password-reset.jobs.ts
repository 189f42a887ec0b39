import { z } from 'zod';
import { RESET_LINK_MINUTES } from '../../../common/password-reset.schema.ts';
import type { JobHandler } from '../../jobs/worker.ts';
import type { AppDeps } from '../../lib/context.ts';
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
        await mailer.send({
          id: jobId,
          to: user.email,
          subject: 'Set a new RedHope password',
          text: [
            'Someone (we hope you) asked to set a new password for your RedHope account.',
            '',
            `Set a new password: ${link}`,
            '',
            `The link works once, for ${RESET_LINK_MINUTES} minutes. Setting a new password signs you out everywhere.`,
            'If you did not ask for this, ignore this email: your password stays as it is.',
          ].join('\n'),
        });
      },
    },
  };
}
