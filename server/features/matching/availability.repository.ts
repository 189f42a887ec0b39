import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

/** Sets the donor's pause (null: available); answers rows changed (0/1). */
export async function setPausedUntil(
  db: Kysely<Database>,
  userId: string,
  pausedUntil: string | null,
) {
  const result = await db
    .updateTable('user')
    .set({ pausedUntil, updatedAt: nowIso() })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
