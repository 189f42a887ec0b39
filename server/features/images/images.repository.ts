import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Records a visitor's upload: unclaimed until a registration uses it. */
export async function insertUnclaimed(
  db: Kysely<Database>,
  upload: { name: string; uploaderIp: string; uploadedAt: number },
): Promise<void> {
  await db
    .insertInto('upload')
    .values({ ...upload, userId: null, claimedAt: null })
    .execute();
}

/** Records a signed-in user's upload: theirs from the start, never swept. */
export async function insertOwned(
  db: Kysely<Database>,
  upload: { name: string; userId: string; uploadedAt: number },
): Promise<void> {
  await db
    .insertInto('upload')
    .values({ ...upload, uploaderIp: null, claimedAt: upload.uploadedAt })
    .execute();
}

/** Deletes one upload's row (its file could not be stored). */
export async function deleteByName(db: Kysely<Database>, name: string): Promise<void> {
  await db.deleteFrom('upload').where('name', '=', name).execute();
}

/**
 * Unclaimed uploads since `since` (epoch ms), from one address or (without one) from everywhere:
 * how many, and when the oldest and the newest of them were made.
 */
export async function countUnclaimedSince(
  db: Kysely<Database>,
  since: number,
  uploaderIp?: string,
): Promise<{ count: number; oldest: number | null; newest: number | null }> {
  let query = db
    .selectFrom('upload')
    .select((eb) => [
      eb.fn.countAll().as('count'),
      eb.fn.min('uploadedAt').as('oldest'),
      eb.fn.max('uploadedAt').as('newest'),
    ])
    .where('claimedAt', 'is', null)
    .where('uploadedAt', '>=', since);
  if (uploaderIp !== undefined) query = query.where('uploaderIp', '=', uploaderIp);
  const row = await query.executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    oldest: row.oldest === null ? null : Number(row.oldest),
    newest: row.newest === null ? null : Number(row.newest),
  };
}

/** Gives an unclaimed upload to the account whose registration used it; true when it did. */
export async function claim(
  db: Kysely<Database>,
  name: string,
  userId: string,
  claimedAt: number,
): Promise<boolean> {
  const result = await db
    .updateTable('upload')
    .set({ userId, claimedAt })
    .where('name', '=', name)
    .where('claimedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Names of at most `limit` uploads still unclaimed that were made before `before`, oldest first. */
export async function findUnclaimedBefore(
  db: Kysely<Database>,
  before: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('upload')
    .select('name')
    .where('claimedAt', 'is', null)
    .where('uploadedAt', '<', before)
    .orderBy('uploadedAt')
    .limit(limit)
    .execute();
  return rows.map((row) => row.name);
}

/**
 * Deletes an upload's row only if it is still unclaimed (a registration may have claimed it
 * since it was found); true when it was deleted, and its file may go too.
 */
export async function deleteIfUnclaimed(db: Kysely<Database>, name: string): Promise<boolean> {
  const result = await db
    .deleteFrom('upload')
    .where('name', '=', name)
    .where('claimedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
