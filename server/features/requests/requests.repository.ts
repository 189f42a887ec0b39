import type { Kysely, SelectQueryBuilder } from 'kysely';
import { COUNT_CAP, type RequestStatus } from '../../../common/constants.ts';
import type { CreateRequest, UpdateRequest } from '../../../common/request.schema.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { markDonated } from '../users/users.repository.ts';

export interface Person {
  id: string;
  name: string;
  email: string;
}

export interface Page {
  limit: number;
  offset: number;
}

const REQUEST_COLUMNS = [
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
] as const;

type RequestQuery = SelectQueryBuilder<Database, 'donationRequest', object>;

/** The selected columns of a page, newest first. */
const newestFirst = (query: RequestQuery, page: Page) =>
  query
    .select(REQUEST_COLUMNS)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

async function count(query: RequestQuery): Promise<number> {
  const row = await query
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

/** One request by id. */
export function findById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('donationRequest')
    .select(REQUEST_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
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
  page: Page,
) {
  return newestFirst(byRequesterEmail(db, email, status), page);
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
export function findAll(db: Kysely<Database>, status: RequestStatus | undefined, page: Page) {
  return newestFirst(all(db, status), page);
}

/** How many requests findAll would list without paging. */
export function countAll(db: Kysely<Database>, status: RequestStatus | undefined) {
  return count(all(db, status));
}

function open(db: Kysely<Database>, today: string) {
  return db
    .selectFrom('donationRequest')
    .where('status', '=', 'pending')
    .where('donationDate', '>=', today);
}

/** A page of pending requests whose date (YYYY-MM-DD) is today or later, soonest first. */
export function findOpen(db: Kysely<Database>, today: string, page: Page) {
  return open(db, today)
    .select(REQUEST_COLUMNS)
    .orderBy('donationDate')
    .orderBy('donationTime')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many requests findOpen would list without paging. */
/** How many open requests there are, counted up to COUNT_CAP + 1 (more means "over the cap"). */
export async function countOpen(db: Kysely<Database>, today: string) {
  const matches = open(db, today)
    .select('id')
    .limit(COUNT_CAP + 1);
  const row = await db
    .selectFrom(matches.as('match'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

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
 * the donor (lastDonationDate = now), in the same transaction (the caller's, when given one).
 * Answers rows changed (0/1).
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
      const { donorId } = await trx
        .selectFrom('donationRequest')
        .select('donorId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (donorId) await markDonated(trx, donorId, now);
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
    .set({ ...fields, updatedAt: nowIso() })
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
