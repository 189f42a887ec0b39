import type { Kysely } from 'kysely';
import { toBool } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { type AuditActor, insert as audit } from '../features/audit/audit.repository.ts';
import { nowIso } from '../lib/ids.ts';

/**
 * Takes a person's second factor away (lost phone, used-up recovery codes): the authenticator and
 * its recovery codes are deleted, every session ends, and the reset is audited, in one
 * transaction. An admin then signs in with the password alone and must set up a new one before
 * any admin action. Answers whether they had a second factor.
 */
export async function resetByUser(
  db: Kysely<Database>,
  user: { id: string; email: string },
  actor: AuditActor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('twoFactor').where('userId', '=', user.id).execute();
    const before = await trx
      .selectFrom('user')
      .select('twoFactorEnabled')
      .where('id', '=', user.id)
      .executeTakeFirst();
    const had =
      Number(removed[0]?.numDeletedRows ?? 0) > 0 || toBool(before?.twoFactorEnabled ?? 0);
    if (!had) return false;
    await trx
      .updateTable('user')
      .set({ twoFactorEnabled: 0, updatedAt: nowIso() })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('session').where('userId', '=', user.id).execute();
    await audit(trx, actor, {
      action: 'user.twoFactorReset',
      targetType: 'user',
      targetId: user.id,
      targetLabel: user.email,
    });
    return true;
  });
}
