import { type Kysely, type SqlBool, sql } from 'kysely';
import type { PledgeOutcome, PledgeStatus } from '../../../common/constants.ts';
import type { DonationIntervals } from '../../../common/eligibility.rules.ts';
import { msg } from '../../../common/message-key.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { DONATION_COLUMNS, recordDonation } from '../history/history.repository.ts';
import { markDonated } from '../users/users.repository.ts';
import type { Person } from './requests.repository.ts';

// Issue 27 (decision 030): each donor who accepts a request pledges one of its bags. The
// request's counters (bagsPledged, bagsDonated) and status change in the pledge's own
// transaction, by conditional updates of the request's row, so that of many donors racing for
// the last bag exactly one gets it, on either engine.

export const PLEDGE_COLUMNS = [
  'id',
  'requestId',
  'donorId',
  'donorName',
  'donorEmail',
  'status',
  'pledgedAt',
  'settledAt',
] as const;

/**
 * A request with a bag still open (issue 27, decision 030): pending or in progress (said as none
 * of the closed statuses, as migration 033's index says it), with fewer standing pledges than
 * bags. Listed publicly, may be pledged to, keeps alerting. Literal terms,
 * not parameters, as the open lists' partial indexes state them (migration 033), so both engines
 * see that a query with them lies within the index.
 */
export const HAS_OPEN_BAG = sql<SqlBool>`"status" not in ('done', 'cancel', 'expired') and "bagsPledged" < "bags"`;

/**
 * A standing pledge (pledged or donated), in literal terms as the partial unique index
 * donation_pledge_standing_idx (requestId, donorId) states it (migration 033): with parameters
 * neither engine can tell that a lookup lies within the index, and SQLite took the donor's index
 * instead, walking every pledge the donor ever made on each Donate Now.
 */
const STANDING = sql<SqlBool>`"status" in ('pledged', 'donated')`;

/** A request's pledges, earliest first. */
export function findByRequests(db: Kysely<Database>, requestIds: readonly string[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('donationPledge')
    .select(PLEDGE_COLUMNS)
    .where('requestId', 'in', requestIds)
    .orderBy('requestId')
    .orderBy('pledgedAt')
    .orderBy('id')
    .execute();
}

export type PledgeRow = Awaited<ReturnType<typeof findByRequests>>[number];

/** The donor's standing pledge (pledged or donated) on the request, if any. */
export function findStanding(db: Kysely<Database>, requestId: string, donorId: string) {
  return db
    .selectFrom('donationPledge')
    .select(PLEDGE_COLUMNS)
    .where('requestId', '=', requestId)
    .where('donorId', '=', donorId)
    .where(STANDING)
    .executeTakeFirst();
}

/**
 * The request shows its earliest standing pledge's donor in donorId/donorName/donorEmail, as a
 * one-bag request always did (none: null). Call it in the change's transaction.
 */
async function showEarliestDonor(trx: Kysely<Database>, requestId: string, at: string) {
  const first = await trx
    .selectFrom('donationPledge')
    .select(['donorId', 'donorName', 'donorEmail'])
    .where('requestId', '=', requestId)
    .where(STANDING)
    .orderBy('pledgedAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  await trx
    .updateTable('donationRequest')
    .set({
      donorId: first?.donorId ?? null,
      donorName: first?.donorName ?? null,
      donorEmail: first?.donorEmail ?? null,
      updatedAt: at,
    })
    .where('id', '=', requestId)
    .execute();
}

/** Bags of the request without a standing pledge. */
async function bagsOpen(trx: Kysely<Database>, requestId: string) {
  const row = await trx
    .selectFrom('donationRequest')
    .select(['bags', 'bagsPledged'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  return Number(row.bags) - Number(row.bagsPledged);
}

export interface Pledged {
  pledgeId: string;
  /** Bags still without a pledge after this one. */
  bagsOpen: number;
}

/**
 * Takes one bag of the request for `donor`: one conditional UPDATE, only while the request is
 * pending or in progress with a bag open and is not the donor's own; it locks the row until the
 * transaction ends. The first standing pledge is the donor the request shows (one-bag clients
 * read it). Answers the bags still open after it (from the updated row itself, RETURNING on
 * both engines), or undefined when no bag was taken.
 */
export async function takeBag(
  db: Kysely<Database>,
  requestId: string,
  donor: Person,
  at: string,
): Promise<number | undefined> {
  const email = donor.email.toLowerCase();
  const taken = await db
    .updateTable('donationRequest')
    .set({
      status: 'inprogress',
      bagsPledged: sql<number>`"bagsPledged" + 1`,
      donorId: sql<string | null>`case when "bagsPledged" = 0 then ${donor.id} else "donorId" end`,
      donorName: sql<
        string | null
      >`case when "bagsPledged" = 0 then ${donor.name} else "donorName" end`,
      donorEmail: sql<
        string | null
      >`case when "bagsPledged" = 0 then ${email} else "donorEmail" end`,
      updatedAt: at,
    })
    .where('id', '=', requestId)
    .where(HAS_OPEN_BAG)
    .where('requesterId', '<>', donor.id)
    .returning(['bags', 'bagsPledged'])
    .executeTakeFirst();
  return taken && Number(taken.bags) - Number(taken.bagsPledged);
}

/** Stores `donor`'s pledge `id` of one bag of the request (its bag taken by takeBag). */
export async function insertPledge(
  db: Kysely<Database>,
  requestId: string,
  donor: Person,
  at: string,
  id: string = newId(),
) {
  await db
    .insertInto('donationPledge')
    .values({
      id,
      requestId,
      donorId: donor.id,
      donorName: donor.name,
      donorEmail: donor.email.toLowerCase(),
      status: 'pledged',
      pledgedAt: at,
      settledAt: null,
    })
    .execute();
  return id;
}

/**
 * Donate Now: `donor` pledges one bag (takeBag), so of many donors racing for the last bags
 * exactly as many win as there are bags; then a second pledge of the same donor is refused (409
 * ALREADY_PLEDGED, the bag given back with the rollback). Answers null when no bag was taken
 * (the caller says why).
 */
export function pledge(
  db: Kysely<Database>,
  requestId: string,
  donor: Person,
  at: string,
  then?: (trx: Kysely<Database>, pledged: Pledged) => Promise<void>,
): Promise<Pledged | null> {
  return inTransaction(db, async (trx) => {
    const open = await takeBag(trx, requestId, donor, at);
    if (open === undefined) return null;
    if (await findStanding(trx, requestId, donor.id)) {
      throw conflict('ALREADY_PLEDGED', msg('errors.requests.alreadyPledged'));
    }
    const pledged = { pledgeId: await insertPledge(trx, requestId, donor, at), bagsOpen: open };
    await then?.(trx, pledged);
    return pledged;
  });
}

/**
 * Gives the pledge's bag back (a withdrawal or a did-not-come): one fewer standing pledge, the
 * request pending again when it was the last, the earliest standing donor shown. Only from an
 * in-progress request; the caller has already settled the pledge in `trx`. Answers bags open.
 */
async function reopenBag(trx: Kysely<Database>, requestId: string, at: string) {
  const result = await trx
    .updateTable('donationRequest')
    .set({
      bagsPledged: sql<number>`"bagsPledged" - 1`,
      status: sql<
        'pending' | 'inprogress'
      >`case when "bagsPledged" = 1 then 'pending' else 'inprogress' end`,
      updatedAt: at,
    })
    .where('id', '=', requestId)
    .where('status', '=', 'inprogress')
    .where('bagsPledged', '>', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw conflict('REQUEST_CHANGED', msg('errors.requests.changed'));
  }
  await showEarliestDonor(trx, requestId, at);
  return bagsOpen(trx, requestId);
}

/**
 * Settles the pledge `pledgeId` of `requestId` (status `pledged`) as `status`, at `at`; answers
 * the pledge as it was, or throws 404 PLEDGE_NOT_FOUND / 409 PLEDGE_SETTLED.
 */
async function settle(
  trx: Kysely<Database>,
  requestId: string,
  pledgeId: string,
  status: Exclude<PledgeStatus, 'pledged'>,
  at: string,
) {
  const current = await trx
    .selectFrom('donationPledge')
    .select(PLEDGE_COLUMNS)
    .where('id', '=', pledgeId)
    .where('requestId', '=', requestId)
    .executeTakeFirst();
  if (!current) throw new AppError(404, 'PLEDGE_NOT_FOUND', msg('errors.requests.pledgeNotFound'));
  if (!(await settleIfPledged(trx, pledgeId, status, at))) {
    throw conflict('PLEDGE_SETTLED', msg('errors.requests.pledgeSettled'));
  }
  return current;
}

/** Gives the pledge its outcome only while it is still pledged; whether it did. */
async function settleIfPledged(
  trx: Kysely<Database>,
  pledgeId: string,
  status: Exclude<PledgeStatus, 'pledged'>,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('donationPledge')
    .set({ status, settledAt: at })
    .where('id', '=', pledgeId)
    .where('status', '=', 'pledged')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The request's row lock for the rest of the transaction, by a write that changes nothing. */
async function lockRequest(trx: Kysely<Database>, requestId: string) {
  await trx
    .updateTable('donationRequest')
    .set({ updatedAt: sql<string>`"updatedAt"` })
    .where('id', '=', requestId)
    .execute();
}

/**
 * Records the donation of a donated pledge on its donor (lastDonationDate, and a row of their
 * history), as marking a one-bag request done always did. A one-bag request's donation keeps
 * the request's id (certificate links made before issue 27); with several bags, the pledge's.
 */
async function recordPledgeDonation(
  trx: Kysely<Database>,
  requestId: string,
  pledge: { id: string; donorId: string | null },
  at: string,
  intervals?: DonationIntervals,
) {
  if (!pledge.donorId) return;
  const { component, ...request } = await trx
    .selectFrom('donationRequest')
    .select([...DONATION_COLUMNS, 'bags', 'component'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  const id = Number(request.bags) === 1 ? requestId : pledge.id;
  // Issue 27 (decision 031): the donor rests by what they gave.
  await markDonated(trx, pledge.donorId, at, { component, intervals });
  await recordDonation(trx, { ...request, donorId: pledge.donorId }, at, id);
}

export interface Settled {
  donorId: string | null;
  /** Bags still without a pledge after it (a did-not-come gives one back). */
  bagsOpen: number;
  /** The last bag was donated: the request is done. */
  requestDone: boolean;
}

/**
 * The requester (or staff) records a pledge's outcome: `donated` records the donation on the
 * donor, and the request is done once every bag is; `no_show` gives the bag back. Only on an
 * in-progress request (409 REQUEST_CHANGED otherwise, nothing changed).
 */
export function recordOutcome(
  db: Kysely<Database>,
  requestId: string,
  pledgeId: string,
  outcome: PledgeOutcome,
  at: string,
  intervals: DonationIntervals,
  then?: (trx: Kysely<Database>, settled: Settled) => Promise<void>,
): Promise<Settled> {
  return inTransaction(db, async (trx) => {
    // The request's row first, as everywhere here: its counters follow from its pledges.
    await lockRequest(trx, requestId);
    const pledge = await settle(trx, requestId, pledgeId, outcome, at);
    let settled: Settled;
    if (outcome === 'no_show') {
      settled = {
        donorId: pledge.donorId,
        bagsOpen: await reopenBag(trx, requestId, at),
        requestDone: false,
      };
    } else {
      const result = await trx
        .updateTable('donationRequest')
        .set({
          bagsDonated: sql<number>`"bagsDonated" + 1`,
          status: sql<
            'inprogress' | 'done'
          >`case when "bagsDonated" + 1 >= "bags" then 'done' else 'inprogress' end`,
          updatedAt: at,
        })
        .where('id', '=', requestId)
        .where('status', '=', 'inprogress')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw conflict('REQUEST_CHANGED', msg('errors.requests.changed'));
      }
      await recordPledgeDonation(trx, requestId, pledge, at, intervals);
      const row = await trx
        .selectFrom('donationRequest')
        .select(['status', 'bags', 'bagsPledged'])
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow();
      settled = {
        donorId: pledge.donorId,
        bagsOpen: Number(row.bags) - Number(row.bagsPledged),
        requestDone: row.status === 'done',
      };
    }
    await then?.(trx, settled);
    return settled;
  });
}

/**
 * The donor withdraws their own pledge (not yet settled): the bag is open again. Only while the
 * request is in progress. Answers the pledge's id and the bags open, or null when the donor has
 * no such pledge (the caller says why).
 */
export async function withdrawPledge(
  trx: Kysely<Database>,
  requestId: string,
  donorId: string,
  at: string,
) {
  await lockRequest(trx, requestId);
  const mine = await trx
    .selectFrom('donationPledge')
    .select('id')
    .where('requestId', '=', requestId)
    .where('donorId', '=', donorId)
    .where('status', '=', 'pledged')
    .executeTakeFirst();
  if (!mine) return null;
  const request = await trx
    .selectFrom('donationRequest')
    .select('status')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  if (request.status !== 'inprogress') return null;
  // Settled since it was read (the family marking the request done at the same moment): as if it
  // had been settled before, the caller says the request is no longer in progress (issue 14's
  // race test saw PLEDGE_SETTLED here once on PostgreSQL).
  if (!(await settleIfPledged(trx, mine.id, 'withdrawn', at))) return null;
  return { pledgeId: mine.id, bagsOpen: await reopenBag(trx, requestId, at) };
}

/**
 * Marking the request done (the family closes it) settles every pledge still pledged as
 * donated, recording each donation, as marking a one-bag request done always did. Answers the
 * donors settled. Call it in the change's transaction, after the request's row is updated.
 */
export async function settleAllDonated(
  trx: Kysely<Database>,
  requestId: string,
  at: string,
  intervals?: DonationIntervals,
) {
  const open = await trx
    .selectFrom('donationPledge')
    .select(['id', 'donorId'])
    .where('requestId', '=', requestId)
    .where('status', '=', 'pledged')
    .orderBy('pledgedAt')
    .orderBy('id')
    .execute();
  if (open.length === 0) return [];
  await trx
    .updateTable('donationPledge')
    .set({ status: 'donated', settledAt: at })
    .where('requestId', '=', requestId)
    .where('status', '=', 'pledged')
    .execute();
  await trx
    .updateTable('donationRequest')
    .set({ bagsDonated: sql<number>`"bagsDonated" + ${open.length}` })
    .where('id', '=', requestId)
    .execute();
  for (const pledge of open) await recordPledgeDonation(trx, requestId, pledge, at, intervals);
  return open.flatMap((pledge) => (pledge.donorId ? [pledge.donorId] : []));
}

/** The donors still holding an unsettled pledge on the request (told when it is canceled). */
export async function findPledgedDonorIds(db: Kysely<Database>, requestId: string) {
  const rows = await db
    .selectFrom('donationPledge')
    .select('donorId')
    .where('requestId', '=', requestId)
    .where('status', '=', 'pledged')
    .where('donorId', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.donorId ? [row.donorId] : []));
}

/**
 * The requester sets how many bags the request asks for (1 to 10): only while it is theirs and
 * pending or in progress, and never below its standing pledges. Should every bag then be
 * donated, it is done. `then` runs in the same transaction with the bags then open. Answers rows
 * changed (0/1).
 */
export function setBags(
  db: Kysely<Database>,
  requestId: string,
  requesterId: string,
  bags: number,
  at: string,
  then?: (trx: Kysely<Database>, changed: { bagsOpen: number }) => Promise<void>,
) {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('donationRequest')
      .set({
        bags,
        status: sql<
          'pending' | 'inprogress' | 'done'
        >`case when "bagsDonated" >= ${bags} then 'done' else "status" end`,
        updatedAt: at,
      })
      .where('id', '=', requestId)
      .where('requesterId', '=', requesterId)
      .where('status', 'in', ['pending', 'inprogress'])
      .where('bagsPledged', '<=', bags)
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows);
    if (changed) await then?.(trx, { bagsOpen: await bagsOpen(trx, requestId) });
    return changed;
  });
}
