import { z } from 'zod';
import type { ModifiedCountResponse } from '../../../common/api-responses.schema.ts';
import * as contract from '../../../common/contract/outbox.contract.ts';
import { msg } from '../../../common/message-key.ts';
import type { FailedMessageResponse } from '../../../common/outbox-response.schema.ts';
import { currentUser, requireRole, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { FailedMessageRow } from '../../jobs/jobs.repository.ts';
import * as jobs from '../../jobs/jobs.repository.ts';
import type { AppDeps } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage } from '../../lib/pagination.ts';
import * as audit from '../audit/audit.repository.ts';
import * as users from '../users/users.repository.ts';

/** What a message's payload says of it: to whom, and its subject (a reset link's is unwritten). */
const messagePayload = z.object({
  to: z.string().optional(),
  email: z.string().optional(),
  subject: z.string().optional(),
});

function summaryOf(row: FailedMessageRow) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.payload);
  } catch {
    parsed = null; // Listed all the same, with what is known: its id, kind and error.
  }
  const payload = messagePayload.safeParse(parsed);
  const fields = payload.success ? payload.data : {};
  return { to: fields.to ?? fields.email ?? '', subject: fields.subject ?? null };
}

function toFailedMessageDto(row: FailedMessageRow): FailedMessageResponse {
  const { to, subject } = summaryOf(row);
  return {
    id: row.id,
    kind: row.kind === 'password-reset' || row.kind === 'sms' ? row.kind : 'email',
    to,
    subject,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: toIso(row.createdAt),
    failedAt: toIso(row.runAt),
  };
}

/**
 * Issue 25: the emails the outbox gave up on (server/jobs: retried for a day, a reset link for
 * its life), for admins to see, and to send again once the mail server is back.
 */
export function outboxRoutes({ db, clock }: AppDeps) {
  const admin = [requireUser, requireRole('admin')] as const;
  return createRouter()
    .openapi(guarded(contract.listFailedMessages, ...admin), async (c) => {
      const items = await listPage(
        c,
        c.req.valid('query'),
        {
          rows: (slice) => jobs.findFailedMessages(db, slice),
          total: () => jobs.countFailedMessages(db),
          keyOf: (row) => [toIso(row.runAt), row.id],
          capped: true,
        },
        toFailedMessageDto,
      );
      return c.json(items, 200);
    })
    .openapi(guarded(contract.resendFailedMessage, ...admin), async (c) => {
      const { id } = c.req.valid('param');
      const user = currentUser(c);
      const noSuchMessage = () => notFound(msg('errors.outbox.noSuchMessage'));
      const message = await jobs.findFailedMessageById(db, id);
      if (!message) throw noSuchMessage();
      const { to, subject } = summaryOf(message);
      // Only to someone who still has an active account: a deleted or blocked person's mail
      // is not sent again, whatever was written for them before.
      const recipient = await users.findByEmail(db, to);
      if (recipient?.status !== 'active') {
        throw conflict('EMAIL_RECIPIENT_GONE', msg('errors.outbox.recipientGone'));
      }
      const modifiedCount = await inTransaction(db, async (trx) => {
        const changed = await jobs.resendFailedMessage(trx, id, clock.now());
        if (changed) {
          await audit.insert(trx, user, {
            action: 'outbox.resend',
            targetType: 'user',
            targetId: recipient.id,
            targetLabel: recipient.email,
            detail: `${subject ?? 'Password reset link'} (${message.kind === 'sms' ? 'SMS' : 'email'} ${id})`,
          });
        }
        return changed;
      });
      // Resent meanwhile by another admin: no longer failed.
      if (!modifiedCount) throw noSuchMessage();
      return c.json({ modifiedCount } satisfies ModifiedCountResponse, 200);
    });
}
