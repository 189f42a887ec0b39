import type { Kysely } from 'kysely';
import { countUpToCap, type Page } from '../../db/capped-count.ts';
import type { Database } from '../../db/schema.ts';

// A donor's completed donations (issue 14, decision 016): one row each, written when the request
// is marked done and kept when the request is deleted.

export const DONATION_COLUMNS = [
  'id',
  'donationDate',
  'donationTime',
  'hospitalName',
  'district',
  'division',
  'bloodGroup',
] as const;

/** What a donation copies from its request. */
export type DonatedRequest = Pick<
  Database['donationRequest'],
  (typeof DONATION_COLUMNS)[number]
> & { donorId: string };

/**
 * Records the donation of `request`, just marked done, on its donor; call it in the same
 * transaction. What its certificate says is copied, so it outlives the request. Its id is the
 * request's, unless given (issue 27: one donation per pledge of a request with several bags).
 */
export async function recordDonation(
  db: Kysely<Database>,
  request: DonatedRequest,
  at: string,
  id: string = request.id,
) {
  await db
    .insertInto('donation')
    .values({
      id,
      requestId: request.id,
      donorId: request.donorId,
      bloodGroup: request.bloodGroup,
      donationDate: request.donationDate,
      donationTime: request.donationTime,
      hospitalName: request.hospitalName,
      district: request.district,
      division: request.division,
      createdAt: at,
    })
    .execute();
}

const donationsOf = (db: Kysely<Database>, donorId: string) =>
  db.selectFrom('donation').where('donorId', '=', donorId);

/** A page of the donor's completed donations, latest first. */
export function findByDonor(db: Kysely<Database>, donorId: string, page: Page) {
  return donationsOf(db, donorId)
    .select(DONATION_COLUMNS)
    .$if(page.after !== undefined, (query) => {
      const [date, id] = (page.after ?? []).map(String) as [string, string];
      return query.where((eb) => eb(eb.refTuple('donationDate', 'id'), '<', eb.tuple(date, id)));
    })
    .orderBy('donationDate', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many donations the donor has completed (up to COUNT_CAP + 1). */
export function countByDonor(db: Kysely<Database>, donorId: string) {
  return countUpToCap(db, donationsOf(db, donorId));
}

/** One of the donor's completed donations, with its place in their history (1 = the first). */
export async function findOneByDonor(db: Kysely<Database>, donorId: string, id: string) {
  const donation = await donationsOf(db, donorId)
    .select(DONATION_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!donation) return undefined;
  const earlier = await donationsOf(db, donorId)
    .where((eb) =>
      eb.or([
        eb('donationDate', '<', donation.donationDate),
        eb.and([eb('donationDate', '=', donation.donationDate), eb('id', '<=', donation.id)]),
      ]),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return { ...donation, ordinal: Number(earlier.count) };
}
