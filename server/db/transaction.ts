import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Runs `fn` in a transaction: the caller's, when `db` already is one (so a repository function
 * that needs a transaction can also join a larger one), else a new one.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
