import type { Kysely } from 'kysely';
import { URGENCY_RANK } from '../../../common/constants.ts';
import type { RequestNeedFilter } from '../../../common/request.schema.ts';
import { countUpToCap, type Page } from '../../db/capped-count.ts';
import type { Database } from '../../db/schema.ts';
import { HAS_OPEN_BAG } from './pledges.repository.ts';
import { afterOpenKey, REQUEST_COLUMNS } from './requests.repository.ts';

// The public list of open requests filtered to verified ones (issue 14): the same list as
// requests.repository's findOpen/countOpen, read through its own partial index
// (donation_request_verified_open_idx), so the filter costs a page however rare verification is.

function openVerified(
  db: Kysely<Database>,
  today: string,
  { component, urgency }: RequestNeedFilter,
) {
  let query = db
    .selectFrom('donationRequest')
    // Issue 27: a bag still open, as the partial index states it.
    .where(HAS_OPEN_BAG)
    .where('donationDate', '>=', today)
    .where('verifiedAt', 'is not', null)
    // A verified request is never hidden by reports (decision 024); the mark is checked all the
    // same, read from the index, should one be verified and then edited.
    .where('reportHiddenAt', 'is', null);
  if (component) query = query.where('component', '=', component);
  if (urgency) query = query.where('urgencyRank', '=', URGENCY_RANK[urgency]);
  return query;
}

/**
 * A page of verified requests with a bag open whose date is today or later, most urgent first,
 * then soonest (the order of the unfiltered list).
 */
export function findOpenVerified(
  db: Kysely<Database>,
  today: string,
  page: Page,
  need: RequestNeedFilter = {},
) {
  let query = openVerified(db, today, need);
  if (page.after) query = afterOpenKey(query, page.after);
  return query
    .select(REQUEST_COLUMNS)
    .orderBy('urgencyRank')
    .orderBy('donationDate')
    .orderBy('donationTime')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many requests findOpenVerified would list, up to COUNT_CAP + 1. */
export function countOpenVerified(
  db: Kysely<Database>,
  today: string,
  need: RequestNeedFilter = {},
) {
  return countUpToCap(db, openVerified(db, today, need));
}
