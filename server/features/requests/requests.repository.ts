import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import {
  type BloodComponent,
  COUNT_CAP,
  MIN_BAGS,
  type RequestStatus,
  URGENCY_RANK,
} from '../../../common/constants.ts';
import type { DonationIntervals } from '../../../common/eligibility.rules.ts';
import { REPORT_WEIGHT_TO_HIDE } from '../../../common/report-weight.rules.ts';
import type {
  NewRequest,
  RequestNeedFilter,
  UpdateRequest,
} from '../../../common/request.schema.ts';
import { compiledByShape, type ParamOf } from '../../db/compiled-by-shape.ts';
import { lockedForUpdate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Slice } from '../../lib/pagination.ts';
import * as pledges from './pledges.repository.ts';
import { HAS_OPEN_BAG } from './pledges.repository.ts';

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
  // Issue 25: hidden by reports (decision 024); its alerts and reminders stop meanwhile.
  'reportHiddenAt',
  // Issue 27: bags, component, urgency and the pledge counts (decision 030).
  'bags',
  'component',
  'urgency',
  'bagsPledged',
  'bagsDonated',
  'urgencyRank',
] as const;

/** Issue 27: `?component=&urgency=` on a list. */
function byNeed(query: RequestQuery, { component, urgency }: RequestNeedFilter): RequestQuery {
  if (component) query = query.where('component', '=', component);
  // The rank, not the name: the open lists' indexes begin with it.
  if (urgency) query = query.where('urgencyRank', '=', URGENCY_RANK[urgency]);
  return query;
}

type RequestQuery = SelectQueryBuilder<Database, 'donationRequest', object>;

const newestFirstOrder = (query: RequestQuery) =>
  query.orderBy('createdAt', 'desc').orderBy('id', 'desc');

/** The public list's order (issue 27): critical first, then urgent, then scheduled; soonest first. */
const soonestFirstOrder = (query: RequestQuery) =>
  query.orderBy('urgencyRank').orderBy('donationDate').orderBy('donationTime').orderBy('id');

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
  {
    bags = MIN_BAGS,
    component = 'whole_blood',
    urgency = 'scheduled',
    // Issue 28: the contact number lives in its own table (decision 036), never on this row.
    contactPhone: _contact,
    ...fields
  }: NewRequest,
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
      bags,
      component,
      urgency,
      urgencyRank: URGENCY_RANK[urgency],
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

/**
 * Whether donors may still be asked to give for this request (issue 25): a bag is open, not
 * removed by staff, not hidden by open reports, and its date (Dhaka) is today or later. Checked
 * when an alert goes out, so an alert written before the request closed is dropped, not sent.
 */
export async function isAlertable(db: Kysely<Database>, id: string, today: string) {
  const row = await db
    .selectFrom('donationRequest')
    .select('id')
    .where('id', '=', id)
    .where(HAS_OPEN_BAG)
    .where('removedAt', 'is', null)
    .where('reportHiddenAt', 'is', null)
    .where('donationDate', '>=', today)
    .executeTakeFirst();
  return row !== undefined;
}

/** The requests of the user with this email (none when no such user), optionally one status. */
function byRequesterEmail(
  db: Kysely<Database>,
  email: string,
  status?: RequestStatus,
  need: RequestNeedFilter = {},
) {
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
  return byNeed(query, need);
}

/** A page of one requester's requests (by email), newest first. */
export function findAllByRequester(
  db: Kysely<Database>,
  email: string,
  status: RequestStatus | undefined,
  slice: Slice,
  need: RequestNeedFilter = {},
) {
  return newestFirst(byRequesterEmail(db, email, status, need), slice);
}

/** How many requests findAllByRequester would list without paging. */
export function countByRequester(
  db: Kysely<Database>,
  email: string,
  status: RequestStatus | undefined,
  need: RequestNeedFilter = {},
) {
  return count(byRequesterEmail(db, email, status, need));
}

function all(db: Kysely<Database>, status?: RequestStatus, need: RequestNeedFilter = {}) {
  const query = db.selectFrom('donationRequest');
  return byNeed(status ? query.where('status', '=', status) : query, need);
}

/** A page of every request, newest first, optionally one status (staff). */
export function findAll(
  db: Kysely<Database>,
  status: RequestStatus | undefined,
  slice: Slice,
  need: RequestNeedFilter = {},
) {
  return newestFirst(all(db, status, need), slice);
}

/** How many requests findAll would list without paging, up to COUNT_CAP + 1 (decision 007). */
export function countAll(
  db: Kysely<Database>,
  status: RequestStatus | undefined,
  need: RequestNeedFilter = {},
) {
  return countUpToCap(db, all(db, status, need));
}

function open(db: Kysely<Database>, today: string, need: RequestNeedFilter = {}) {
  return byNeed(
    db
      .selectFrom('donationRequest')
      .where(HAS_OPEN_BAG)
      .where('donationDate', '>=', today)
      // Issues 14 and 25: hidden while its open reports weigh enough (decision 024); the stored
      // mark ends the list's index, so the list never reads the reports.
      .where('reportHiddenAt', 'is', null),
    need,
  );
}

/** Past the row whose public-list key (urgencyRank, donationDate, donationTime, id) is `after`. */
export function afterOpenKey(query: RequestQuery, after: readonly unknown[]): RequestQuery {
  const { afterRank, afterDate, afterTime, afterId } = openKeyValues(after);
  return query.where((eb) =>
    eb(
      eb.refTuple('urgencyRank', 'donationDate', 'donationTime', 'id'),
      '>',
      eb.tuple(afterRank, afterDate, afterTime, afterId),
    ),
  );
}

/** The values of a public-list cursor, as its condition compares them. */
function openKeyValues(after: readonly unknown[]) {
  const [rank, date, time, id] = after.map(String) as [string, string, string, string];
  // A cursor the server did not write may hold anything: a rank that is no integer reads as 0.
  const afterRank = Number.isInteger(Number(rank)) ? Number(rank) : 0;
  return { afterRank, afterDate: date, afterTime: time, afterId: id };
}

/**
 * A page of requests with a bag open whose date (YYYY-MM-DD) is today or later, most urgent
 * first, then soonest. Sort key: urgencyRank, donationDate, donationTime, id.
 */
export function findOpen(
  db: Kysely<Database>,
  today: string,
  slice: Slice,
  need: RequestNeedFilter = {},
) {
  return openPage(
    db,
    { ...openShape(need), after: slice.after !== undefined },
    {
      ...openValues(today, need),
      ...(slice.after ? openKeyValues(slice.after) : {}),
      limit: slice.limit,
      offset: slice.offset,
    },
  );
}

/** How many open requests there are, counted up to COUNT_CAP + 1 (more means "over the cap"). */
export async function countOpen(db: Kysely<Database>, today: string, need: RequestNeedFilter = {}) {
  const [row] = await openCount(db, openShape(need), openValues(today, need));
  return Number(row?.count ?? 0);
}

/**
 * The public open list's two statements, built and compiled by Kysely once per shape (which
 * needs are filtered, whether the page follows a cursor), each call binding its own values
 * (decision 053), as the donor search's.
 */
const openPage = compiledByShape(
  (db: Kysely<Database>, shape: OpenShape & { after: boolean }, param: ParamOf) => {
    let query = openByShape(db, shape, param);
    if (shape.after) {
      query = query.where((eb) =>
        eb(
          eb.refTuple('urgencyRank', 'donationDate', 'donationTime', 'id'),
          '>',
          eb.tuple(
            param<number>('afterRank'),
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

const openCount = compiledByShape((db: Kysely<Database>, shape: OpenShape, param: ParamOf) => {
  const matches = soonestFirstOrder(openByShape(db, shape, param))
    .select('id')
    .limit(COUNT_CAP + 1);
  return db
    .selectFrom(matches.as('match'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'));
});

/** Which needs filter the open list: the choices that change its SQL (a type, as shapes are). */
type OpenShape = { component: boolean; urgency: boolean };

/** As byNeed decides: a need given empty filters nothing. */
const openShape = (need: RequestNeedFilter): OpenShape => ({
  component: Boolean(need.component),
  urgency: Boolean(need.urgency),
});

/** The values the open list's statements bind (the urgency as its rank, as byNeed compares it). */
const openValues = (today: string, { component, urgency }: RequestNeedFilter) => ({
  today,
  component,
  urgencyRank: urgency ? URGENCY_RANK[urgency] : undefined,
});

/** `open` of a shape: the same conditions in the same order, each value a stand-in. */
function openByShape(db: Kysely<Database>, shape: OpenShape, param: ParamOf) {
  let query = open(db, param<string>('today'));
  if (shape.component) query = query.where('component', '=', param<BloodComponent>('component'));
  if (shape.urgency) query = query.where('urgencyRank', '=', param<number>('urgencyRank'));
  return query;
}

/**
 * Donate: pledge one bag (issue 27, pledges.repository's pledge), so of many simultaneous donors
 * exactly as many win as there are bags. Changes the request only while a bag is open and
 * `donor` is not its requester; answers rows changed (0/1).
 */
export async function updateStatusToInProgress(db: Kysely<Database>, id: string, donor: Person) {
  return (await pledges.pledge(db, id, donor, nowIso())) ? 1 : 0;
}

/**
 * Done or cancel, only from inprogress; the donor fields stay. Done also settles every pledge
 * still pledged as donated, recording each donation on its donor (lastDonationDate = now, and a
 * row of their history), in the same transaction (the caller's, when given one). Answers rows
 * changed (0/1).
 */
export function updateStatusFromInProgress(
  db: Kysely<Database>,
  id: string,
  status: 'done' | 'cancel',
  now: string = nowIso(),
  intervals?: DonationIntervals,
) {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('donationRequest')
      .set({ status, updatedAt: now })
      .where('id', '=', id)
      .where('status', '=', 'inprogress')
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows);
    // The donors' own records, kept if the request is deleted (decision 016).
    if (changed && status === 'done') await pledges.settleAllDonated(trx, id, now, intervals);
    return changed;
  });
}

/** The requester's edit: applies only while the request is theirs and pending. Rows changed (0/1). */
export async function updateFields(
  db: Kysely<Database>,
  id: string,
  requesterId: string,
  { contactPhone: _contact, ...fields }: UpdateRequest,
) {
  const result = await db
    .updateTable('donationRequest')
    // What staff checked is no longer what it says: the request must be verified again, and
    // the reports its verification overrode hide it again (decision 024).
    .set({
      ...fields,
      // Issue 27: the list's sort key goes with the urgency.
      ...(fields.urgency ? { urgencyRank: URGENCY_RANK[fields.urgency] } : {}),
      verifiedAt: null,
      verifiedById: null,
      verifiedByName: null,
      reportHiddenAt: sql<
        string | null
      >`case when "reportWeight" >= ${REPORT_WEIGHT_TO_HIDE} then coalesce("reportHiddenAt", ${nowIso()}) else null end`,
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
 * The public facts of one open request (a bag open, date not past), for its share preview: blood
 * group, district, hospital and date, bags, component and urgency, never a person's name or
 * email. One read by primary key.
 */
export function findOpenSummaryById(db: Kysely<Database>, id: string, today: string) {
  return (
    open(db, today)
      // Issue 27: what it needs too, for the preview's text (bags still open, component, urgency).
      .select([
        'bloodGroup',
        'district',
        'hospitalName',
        'donationDate',
        'bags',
        'bagsPledged',
        'component',
        'urgency',
      ])
      .where('id', '=', id)
      .executeTakeFirst()
  );
}
