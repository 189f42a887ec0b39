import type { Kysely } from 'kysely';
import { REPORTS_TO_HIDE } from '../../../common/trust.constants.ts';
import type { Database } from '../../db/schema.ts';
import { REQUEST_COLUMNS } from '../requests/requests.repository.ts';
import { countUpToCap, type Page } from './capped-count.ts';

// The public list of open requests filtered to verified ones (issue 14): the same list as
// requests.repository's findOpen/countOpen, read through its own partial index
// (donation_request_verified_open_idx), so the filter costs a page however rare verification is.

function openVerified(db: Kysely<Database>, today: string) {
  return db
    .selectFrom('donationRequest')
    .where('status', '=', 'pending')
    .where('donationDate', '>=', today)
    .where('verifiedAt', 'is not', null)
    .where('openReports', '<', REPORTS_TO_HIDE);
}

/** A page of verified pending requests whose date is today or later, soonest first. */
export function findOpenVerified(db: Kysely<Database>, today: string, page: Page) {
  let query = openVerified(db, today);
  if (page.after) {
    const [date, time, id] = page.after.map(String) as [string, string, string];
    query = query.where((eb) =>
      eb(eb.refTuple('donationDate', 'donationTime', 'id'), '>', eb.tuple(date, time, id)),
    );
  }
  return query
    .select(REQUEST_COLUMNS)
    .orderBy('donationDate')
    .orderBy('donationTime')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many requests findOpenVerified would list, up to COUNT_CAP + 1. */
export function countOpenVerified(db: Kysely<Database>, today: string) {
  return countUpToCap(db, openVerified(db, today));
}
