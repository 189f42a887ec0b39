import type { Kysely, SelectQueryBuilder } from 'kysely';
import { COUNT_CAP, type RequestStatus } from '../../../common/constants.ts';
import type { CreateRequest, UpdateRequest } from '../../../common/request.schema.ts';
import { REPORTS_TO_HIDE } from '../../../common/trust.constants.ts';
import { compiledByShape, type ParamOf } from '../../db/compiled-by-shape.ts';
import { lockedForUpdate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Slice } from '../../lib/pagination.ts';
import { DONATION_COLUMNS, recordDonation } from '../history/history.repository.ts';
import { markDonated } from '../users/users.repository.ts';

export interface Person {
  id: string;
  name: string;
  email: string;
}

export const REQUEST_COLUMNS = [
  'id',
  'requesterId',
  'requesterName',
  'requesterEmail',
  'recipientName',
  'bloodGroup',
  'division',
  'district',
  'upazila',
  'hospitalName',
  'fullAddress',
  'donationDate',
  'donationTime',
  'requestMessage',
  'status',
  'donorId',
  'donorName',
  'donorEmail',
  'createdAt',
  // Issue 14: verification and removal (server/features/trust).
  'verifiedAt',
  'verifiedByName',
  'removedAt',
] as const;

type RequestQuery = SelectQueryBuilder<Database, 'donationRequest', object>;

const newestFirstOrder = (query: RequestQuery) =>
  query.orderBy('createdAt', 'desc').orderBy('id', 'desc');

const soonestFirstOrder = (query: RequestQuery) =>
  query.orderBy('donationDate').orderBy('donationTime').orderBy('id');

/** The selected columns of a page, newest first. Sort key: createdAt, id. */
function newestFirst(query: RequestQuery, slice: Slice) {
  if (slice.after) {
    const [createdAt, id] = slice.after.map(String);
    query = query.where((eb) =>
      eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(createdAt as string, id as string)),
    );
  }
  return query
    .select(REQUEST_COLUMNS)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(slice.limit)
    .offset(slice.offset)
    .execute();
}

/** Exactly how many rows match (for lists bounded by one person). */
async function count(query: RequestQuery): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * How many rows match, counted up to COUNT_CAP + 1 (more means "over the cap"), along the
 * list's own order (`ordered`), so that every engine counts along the list's index and stops.
 */
async function countUpToCap(
  db: Kysely<Database>,
  query: RequestQuery,
  ordered: (query: RequestQuery) => RequestQuery = newestFirstOrder,
): Promise<number> {
  const matches = ordered(query)
    .select('id')
    .limit(COUNT_CAP + 1);
  const row = await db
    .selectFrom(matches.as('match'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Stores a new pending request made by `requester`; answers its id. */
export async function insert(
  db: Kysely<Database>,
  requester: Person,
  fields: CreateRequest,
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('donationRequest')
    .values({
      id,
      requesterId: requester.id,
      requesterName: requester.name,
      requesterEmail: requester.email.toLowerCase(),
      ...fields,
      upazila: fields.upazila ?? null,
      status: 'pending',
      donorId: null,
      donorName: null,
      donorEmail: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

const byId = (db: Kysely<Database>, id: string) =>
  db.selectFrom('donationRequest').select(REQUEST_COLUMNS).where('id', '=', id);

/** One request by id. */
export function findById(db: Kysely<Database>, id: string) {
  return byId(db, id).executeTakeFirst();
}

/**
 * One request, its row locked until the caller's transaction ends (see lockedForUpdate): a change
 * to it being committed meanwhile (someone accepting) is waited for and seen.
 */
export function findByIdForUpdate(db: Kysely<Database>, id: string) {
  return lockedForUpdate(db, byId(db, id)).executeTakeFirst();
}

export type RequestRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

/** The requests of the user with this email (none when no such user), optionally one status. */
function byRequesterEmail(db: Kysely<Database>, email: string, status?: RequestStatus) {
  let query = db
    .selectFrom('donationRequest')
    .where((eb) =>
      eb(
        'requesterId',
        '=',
        eb.selectFrom('user').select('user.id').where('user.email', '=', email.toLowerCase()),
      ),
    );
  if (status) query = query.where('status', '=', status);
  return query;
}

/** A page of one requester's requests (by email), newest first. */
export function findAllByRequester(
  db: Kysely<Database>,
  email: string,
  status: RequestStatus | undefined,
  slice: Slice,
) {
  return newestFirst(byRequesterEmail(db, email, status), slice);
}

/** How many requests findAllByRequester would list without paging. */
export function countByRequester(
  db: Kysely<Database>,
  email: string,
  status: RequestStatus | undefined,
) {
  return count(byRequesterEmail(db, email, status));
}

function all(db: Kysely<Database>, status?: RequestStatus) {
  const query = db.selectFrom('donationRequest');
  return status ? query.where('status', '=', status) : query;
}

/** A page of every request, newest first, optionally one status (staff). */
export function findAll(db: Kysely<Database>, status: RequestStatus | undefined, slice: Slice) {
  return newestFirst(all(db, status), slice);
}

/** How many requests findAll would list without paging, up to COUNT_CAP + 1 (decision 007). */
export function countAll(db: Kysely<Database>, status: RequestStatus | undefined) {
  return countUpToCap(db, all(db, status));
}

function open(db: Kysely<Database>, today: string) {
  return (
    db
      .selectFrom('donationRequest')
      .where('status', '=', 'pending')
      .where('donationDate', '>=', today)
      // Issue 14: hidden while REPORTS_TO_HIDE people's reports are open (staff decide).
      .where('openReports', '<', REPORTS_TO_HIDE)
  );
}

/**
 * A page of pending requests whose date (YYYY-MM-DD) is today or later, soonest first. Sort key:
 * donationDate, donationTime, id.
 */
export function findOpen(db: Kysely<Database>, today: string, slice: Slice) {
  const [afterDate, afterTime, afterId] = slice.after?.map(String) ?? [];
  return openPage(
    db,
    { after: slice.after !== undefined },
    { today, afterDate, afterTime, afterId, limit: slice.limit, offset: slice.offset },
  );
}

// The public list of open requests is compiled once per shape, like donor search: Kysely's
// builder and compiler were ~6% of its CPU, per request, in the bench's profile (issue 10).
const openPage = compiledByShape(
  (db: Kysely<Database>, shape: { after: boolean }, param: ParamOf) => {
    let query = open(db, param<string>('today'));
    if (shape.after) {
      query = query.where((eb) =>
        eb(
          eb.refTuple('donationDate', 'donationTime', 'id'),
          '>',
          eb.tuple(
            param<string>('afterDate'),
            param<string>('afterTime'),
            param<string>('afterId'),
          ),
        ),
      );
    }
    return soonestFirstOrder(query)
      .select(REQUEST_COLUMNS)
      .limit(param<number>('limit'))
      .offset(param<number>('offset'));
  },
);

/** How many open requests there are, counted up to COUNT_CAP + 1 (more means "over the cap"). */
export async function countOpen(db: Kysely<Database>, today: string) {
  const [row] = await openCount(db, {}, { today });
  return Number(row?.count ?? 0);
}

const openCount = compiledByShape((db: Kysely<Database>, _shape: object, param: ParamOf) => {
  const matches = soonestFirstOrder(open(db, param<string>('today')))
    .select('id')
    .limit(COUNT_CAP + 1);
  return db
    .selectFrom(matches.as('match'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'));
});

/**
 * Donate: one conditional UPDATE, so of many simultaneous donors exactly one wins. Changes the
 * request only while it is pending and `donor` is not its requester; answers rows changed (0/1).
 */
export async function updateStatusToInProgress(db: Kysely<Database>, id: string, donor: Person) {
  const result = await db
    .updateTable('donationRequest')
    .set({
      status: 'inprogress',
      donorId: donor.id,
      donorName: donor.name,
      donorEmail: donor.email.toLowerCase(),
      updatedAt: nowIso(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('requesterId', '<>', donor.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Done or cancel, only from inprogress; the donor fields stay. Done also records the donation on
 * the donor (lastDonationDate = now, and a row of their history), in the same transaction (the
 * caller's, when given one). Answers rows changed (0/1).
 */
export function updateStatusFromInProgress(
  db: Kysely<Database>,
  id: string,
  status: 'done' | 'cancel',
  now: string = nowIso(),
) {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('donationRequest')
      .set({ status, updatedAt: now })
      .where('id', '=', id)
      .where('status', '=', 'inprogress')
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows);
    if (changed && status === 'done') {
      const request = await trx
        .selectFrom('donationRequest')
        .select([...DONATION_COLUMNS, 'donorId'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const { donorId } = request;
      if (donorId) {
        await markDonated(trx, donorId, now);
        // The donor's own record, kept if the request is deleted (decision 016).
        await recordDonation(trx, { ...request, donorId }, now);
      }
    }
    return changed;
  });
}

/** The requester's edit: applies only while the request is theirs and pending. Rows changed (0/1). */
export async function updateFields(
  db: Kysely<Database>,
  id: string,
  requesterId: string,
  fields: UpdateRequest,
) {
  const result = await db
    .updateTable('donationRequest')
    // What staff checked is no longer what it says: the request must be verified again.
    .set({
      ...fields,
      verifiedAt: null,
      verifiedById: null,
      verifiedByName: null,
      updatedAt: nowIso(),
    })
    .where('id', '=', id)
    .where('requesterId', '=', requesterId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes one request; answers how many rows went (0/1). */
export async function deleteById(db: Kysely<Database>, id: string) {
  const result = await db.deleteFrom('donationRequest').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The public facts of one open request (pending, date not past), for its share preview: blood
 * group, district, hospital and date, never a person's name or email. One read by primary key.
 */
export function findOpenSummaryById(db: Kysely<Database>, id: string, today: string) {
  return open(db, today)
    .select(['bloodGroup', 'district', 'hospitalName', 'donationDate'])
    .where('id', '=', id)
    .executeTakeFirst();
}
