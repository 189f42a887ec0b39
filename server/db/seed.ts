import type { Kysely } from 'kysely';
import geo from '../../common/geo/bangladesh-geo.json' with { type: 'json' };
import type { Database } from './schema.ts';

/**
 * Loads the reference data (divisions, districts, upazilas) when it is missing. Idempotent, and
 * run under the migration lock, so concurrent starts load it once.
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  const { count } = await db
    .selectFrom('upazila')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) === geo.upazilas.length) return;
  // Insert-or-skip keeps this safe to repeat after an interrupted load; the caller holds the
  // migration lock, so no other instance loads at the same time.
  await db
    .insertInto('division')
    .values(geo.divisions)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('district')
    .values(geo.districts)
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Chunked: SQLite limits the number of bound parameters in one statement.
  for (let i = 0; i < geo.upazilas.length; i += 200) {
    await db
      .insertInto('upazila')
      .values(geo.upazilas.slice(i, i + 200))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
