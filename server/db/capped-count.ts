import type { Kysely, SelectQueryBuilder } from 'kysely';
import { COUNT_CAP } from '../../common/constants.ts';
import type { Database } from './schema.ts';

/** The rows of one page of a list: a numbered page's offset, or the rows after a sort key. */
export type { Slice as Page } from '../lib/pagination.ts';

/**
 * How many rows `query` matches, counted up to COUNT_CAP + 1 and no further (decision 006): a
 * list that grows with the country costs a page, not the table. `order` is the list's own
 * order, so the count walks the list's index and stops.
 */
export async function countUpToCap<T extends keyof Database>(
  db: Kysely<Database>,
  // biome-ignore lint/complexity/noBannedTypes: a query before its select has no columns yet
  query: SelectQueryBuilder<Database, T, {}>,
): Promise<number> {
  const matches = query.select(db.dynamic.ref<string>('id')).limit(COUNT_CAP + 1);
  const row = await db
    .selectFrom(matches.as('match'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
