import type { Kysely } from 'kysely';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import * as audit from '../audit/audit.repository.ts';

/**
 * Revokes every personal API token of the user, each audited as revoked (issue 32): "sign out
 * everywhere" and a password change end every session and every token, as the profile says,
 * so a token made by whoever had the password dies with it.
 */
export async function revokeAllApiTokens(
  db: Kysely<Database>,
  user: Pick<SessionUser, 'id' | 'name' | 'email' | 'role'>,
  why: 'sign out everywhere' | 'password changed',
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const tokens = await trx
      .selectFrom('apiToken')
      .select(['id', 'name', 'scopes'])
      .where('userId', '=', user.id)
      .execute();
    if (tokens.length === 0) return 0;
    await trx.deleteFrom('apiToken').where('userId', '=', user.id).execute();
    for (const token of tokens) {
      await audit.insert(trx, user, {
        action: 'token.revoke',
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.email,
        detail: `${token.id} “${token.name}” (${token.scopes.split(' ').join(', ')}): ${why}`,
      });
    }
    return tokens.length;
  });
}
