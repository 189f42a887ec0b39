import type { Kysely } from 'kysely';
import { URGENCIES } from '../../../common/constants.ts';
import { MIN_OVERDUE_MINUTES, overdueCutoffs } from '../../../common/overdue.rules.ts';
import { countUpToCap, type Page } from '../../db/capped-count.ts';
import type { Database } from '../../db/schema.ts';
import { HAS_OPEN_BAG } from '../requests/pledges.repository.ts';

// Issue 29: the open requests older than their urgency allows (common/overdue.rules.ts), for
// staff to follow up by phone. Read through donation_request_overdue_idx (migration 043): the
// open requests by (createdAt, id), with their urgency, so a page costs a page.

function overdue(db: Kysely<Database>, now: Date) {
  const cutoff = overdueCutoffs(now);
  const latest = new Date(now.getTime() - MIN_OVERDUE_MINUTES * 60_000).toISOString();
  return (
    db
      .selectFrom('donationRequest')
      // Open, as the partial index states it (SQLite needs the same words to use it).
      .where(HAS_OPEN_BAG)
      // Nothing younger than the shortest allowance: the walk's upper bound.
      .where('createdAt', '<=', latest)
      // Then each urgency's own allowance, read from the index's urgency column.
      .where((eb) =>
        eb.or(
          URGENCIES.map((urgency) =>
            eb.and([eb('urgency', '=', urgency), eb('createdAt', '<=', cutoff[urgency])]),
          ),
        ),
      )
  );
}

/** A page of overdue requests at `now`, oldest first (by createdAt, then id). */
export function findOverdue(db: Kysely<Database>, now: Date, page: Page) {
  return overdue(db, now)
    .select([
      'id',
      'status',
      'urgency',
      'bloodGroup',
      'component',
      'bags',
      'bagsPledged',
      'hospitalName',
      'district',
      'division',
      'donationDate',
      'donationTime',
      'createdAt',
    ])
    .$if(page.after !== undefined, (query) => {
      const [createdAt, id] = (page.after ?? []).map(String) as [string, string];
      return query.where((eb) => eb(eb.refTuple('createdAt', 'id'), '>', eb.tuple(createdAt, id)));
    })
    .orderBy('createdAt')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type OverdueRow = Awaited<ReturnType<typeof findOverdue>>[number];

/** How many requests findOverdue would list, up to COUNT_CAP + 1. */
export function countOverdue(db: Kysely<Database>, now: Date) {
  // In the list's order, so the count walks the list's index (by age) and stops at the cap.
  return countUpToCap(db, overdue(db, now).orderBy('createdAt').orderBy('id'));
}
