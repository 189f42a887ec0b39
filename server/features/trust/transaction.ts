import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Runs `fn` in the caller's transaction when `db` already is one, else in a new one, so a
 * repository change and the audit row that records it commit together. (Issue 13's branch has
 * the same helper in server/db/transaction.ts; keep one when both are in.)
 */
export function withTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
