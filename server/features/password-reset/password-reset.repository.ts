import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/define-job.ts';
import { newId } from '../../lib/ids.ts';
import { type EmailPayload, emailJob } from '../notifications/outbox.jobs.ts';

/** An active account by email, for sending it a reset link. */
export function findActiveUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('user')
    .select(['id', 'email', 'language'])
    .where('email', '=', email.toLowerCase())
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/**
 * Stores a new reset token (its hash) for the user, valid until `expiresAt`; the user's earlier
 * unused tokens go: only the newest link works.
 */
export function insertToken(
  db: Kysely<Database>,
  token: { userId: string; tokenHash: string; expiresAt: Date; now: Date },
) {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('passwordResetToken')
      .where('userId', '=', token.userId)
      .where('usedAt', 'is', null)
      .execute();
    await trx
      .insertInto('passwordResetToken')
      .values({
        id: newId(),
        userId: token.userId,
        tokenHash: token.tokenHash,
        expiresAt: token.expiresAt.toISOString(),
        createdAt: token.now.toISOString(),
      })
      .execute();
  });
}

/**
 * The user a token is for, while it is unused and unexpired and the account active: a link sent
 * before the account was blocked does not open it (issue 25).
 */
export function findUsableToken(db: Kysely<Database>, tokenHash: string, now: Date) {
  return db
    .selectFrom('passwordResetToken')
    .innerJoin('user', 'user.id', 'passwordResetToken.userId')
    .select(['passwordResetToken.userId', 'user.email', 'user.language'])
    .where('passwordResetToken.tokenHash', '=', tokenHash)
    .where('passwordResetToken.usedAt', 'is', null)
    .where('passwordResetToken.expiresAt', '>', now.toISOString())
    .where('user.status', '=', 'active')
    .executeTakeFirst();
}

/**
 * Uses the token to set the user's password: in one transaction the token is spent (a
 * conditional update, so of two uses at once one wins; only while the account is active, so a
 * block committed meanwhile wins too), the password hash replaced, every session and API token
 * of the user ended, their other links voided and `notice` (the owner's email that it happened)
 * put in the outbox. Answers false when the token was no longer usable.
 */
export function resetPassword(
  db: Kysely<Database>,
  reset: {
    tokenHash: string;
    userId: string;
    passwordHash: string;
    now: Date;
    notice: EmailPayload | null;
  },
) {
  return db.transaction().execute(async (trx) => {
    const now = reset.now.toISOString();
    const spent = await trx
      .updateTable('passwordResetToken')
      .set({ usedAt: now })
      .where('tokenHash', '=', reset.tokenHash)
      .where('userId', '=', reset.userId)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .where('userId', 'in', trx.selectFrom('user').select('id').where('status', '=', 'active'))
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('account')
      .set({ password: reset.passwordHash, updatedAt: now })
      .where('userId', '=', reset.userId)
      .where('providerId', '=', 'credential')
      .execute();
    await trx.deleteFrom('session').where('userId', '=', reset.userId).execute();
    await trx
      .deleteFrom('passwordResetToken')
      .where('userId', '=', reset.userId)
      .where('usedAt', 'is', null)
      .execute();
    if (reset.notice) await enqueue(trx, emailJob, reset.notice, { now: reset.now });
    return true;
  });
}
