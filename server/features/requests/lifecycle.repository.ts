import { type Kysely, sql } from 'kysely';
import { msg } from '../../../common/message-key.ts';
import type { NewRequest, UpdateRequest } from '../../../common/request.schema.ts';
import { countUpToCap, type Page } from '../../db/capped-count.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as pledges from './pledges.repository.ts';
import type { Person, RequestRow } from './requests.repository.ts';
import * as requests from './requests.repository.ts';

// The rest of a request's life (issue 14): limits on new and edited requests, a donor's
// withdrawal.

export interface CreateLimits {
  /** Today in Dhaka (YYYY-MM-DD): a pending request dated before it is expired, not open. */
  today: string;
  /** Open requests (pending or in progress) one person may have at once. */
  maxOpen: number;
}

/** What makes two requests the same: recipient (any case and spacing), blood group, date. */
type Sameness = Pick<NewRequest, 'recipientName' | 'bloodGroup' | 'donationDate'>;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Takes the requester's row lock for the rest of the transaction by a write that changes nothing
 * (PostgreSQL holds its row lock, SQLite its write lock): two changes of one person's requests
 * sent at once are checked one after the other.
 */
async function lockRequester(trx: Kysely<Database>, requesterId: string) {
  await trx
    .updateTable('user')
    .set({ updatedAt: sql<string>`"updatedAt"` })
    .where('id', '=', requesterId)
    .execute();
}

/**
 * The requester's open requests (in progress, or pending and not past `today`), but `exceptId`;
 * refuses (409 DUPLICATE_REQUEST, in plain words, with the open one's `requestId`) when one of
 * them is the same as `fields`.
 */
/** A requester's open requests: in progress, or pending and not yet past their date. */
function openRequestsOf(db: Kysely<Database>, requesterId: string, today: string) {
  return db
    .selectFrom('donationRequest')
    .where('requesterId', '=', requesterId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'inprogress'),
        eb.and([eb('status', '=', 'pending'), eb('donationDate', '>=', today)]),
      ]),
    );
}

/** How many open requests a requester has, by the rule the create call's limit counts. */
export async function countOpenRequests(db: Kysely<Database>, requesterId: string, today: string) {
  const row = await openRequestsOf(db, requesterId, today)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function openRequestsUnlessDuplicate(
  trx: Kysely<Database>,
  requesterId: string,
  fields: Sameness,
  today: string,
  exceptId?: string,
) {
  const open = await openRequestsOf(trx, requesterId, today)
    .select(['id', 'recipientName', 'bloodGroup', 'donationDate', 'status'])
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId ?? ''))
    .execute();
  const duplicate = open.find(
    (row) =>
      sameName(row.recipientName, fields.recipientName) &&
      row.bloodGroup === fields.bloodGroup &&
      row.donationDate === fields.donationDate,
  );
  if (duplicate) {
    // Issue 27: one request per need. The refusal names the open request, so the family can
    // ask for more bags there (POST /donation-request/{id}/bags) in one step.
    throw new AppError(
      409,
      'DUPLICATE_REQUEST',
      msg('errors.requests.duplicate', {
        recipient: duplicate.recipientName,
        bloodGroup: duplicate.bloodGroup,
        date: duplicate.donationDate,
      }),
      undefined,
      { requestId: duplicate.id },
    );
  }
  return open;
}

/**
 * Stores a new pending request unless its requester already has `maxOpen` open requests or an
 * open request for the same recipient, blood group and date (409, in plain words). The check and
 * the insert are one transaction that first locks the requester's row, so two requests sent at
 * once are counted one after the other. `then` runs in the same transaction (a repost's event).
 */
export function insertWithinLimits(
  db: Kysely<Database>,
  requester: Person,
  fields: NewRequest,
  { today, maxOpen }: CreateLimits,
  then?: (trx: Kysely<Database>, id: string) => Promise<void>,
): Promise<string> {
  return inTransaction(db, async (trx) => {
    await lockRequester(trx, requester.id);
    const open = await openRequestsUnlessDuplicate(trx, requester.id, fields, today);
    if (open.length >= maxOpen) {
      throw conflict(
        'TOO_MANY_OPEN_REQUESTS',
        msg('errors.requests.tooManyOpen', { count: open.length }),
      );
    }
    const id = await requests.insert(trx, requester, fields);
    await then?.(trx, id);
    return id;
  });
}

/**
 * The requester's edit of their pending request `current`, refused (409 DUPLICATE_REQUEST, as
 * when posting) when it makes the request the same as another of their open requests. An edit
 * that leaves recipient, blood group and date as they were is not checked: it makes no new
 * duplicate. Checked and applied in one transaction that first locks the requester's row, like
 * insertWithinLimits. Rows changed (0/1).
 */
export function updateWithinLimits(
  db: Kysely<Database>,
  current: RequestRow,
  requesterId: string,
  fields: UpdateRequest,
  today: string,
  /** Also done in its transaction once the edit applied (issue 28: the contact number). */
  then?: (trx: Kysely<Database>) => Promise<void>,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const after: Sameness = {
      recipientName: fields.recipientName ?? current.recipientName,
      bloodGroup: fields.bloodGroup ?? current.bloodGroup,
      donationDate: fields.donationDate ?? current.donationDate,
    };
    const unchanged =
      sameName(after.recipientName, current.recipientName) &&
      after.bloodGroup === current.bloodGroup &&
      after.donationDate === current.donationDate;
    if (!unchanged) {
      await lockRequester(trx, requesterId);
      await openRequestsUnlessDuplicate(trx, requesterId, after, today, current.id);
    }
    const changed = await requests.updateFields(trx, current.id, requesterId, fields);
    if (changed) await then?.(trx);
    return changed;
  });
}

/**
 * The donor backs out (issue 27: withdraws their own pledge, pledges.repository): the bag is open
 * again (the request pending again when it was the last pledge), and the withdrawal is kept (with
 * what the request was). Only while it is in progress and the donor's pledge is not settled.
 * Rows changed (0/1).
 */
export function withdraw(
  db: Kysely<Database>,
  request: RequestRow,
  donor: Person,
  reason: string,
  at: string,
  then?: (
    trx: Kysely<Database>,
    withdrawn: { pledgeId: string; bagsOpen: number },
  ) => Promise<void>,
) {
  return inTransaction(db, async (trx) => {
    const withdrawn = await pledges.withdrawPledge(trx, request.id, donor.id, at);
    if (!withdrawn) return 0;
    await trx
      .insertInto('requestWithdrawal')
      .values({
        id: newId(),
        requestId: request.id,
        recipientName: request.recipientName,
        bloodGroup: request.bloodGroup,
        donationDate: request.donationDate,
        donorId: donor.id,
        donorName: donor.name,
        donorEmail: donor.email.toLowerCase(),
        reason,
        createdAt: at,
      })
      .execute();
    await then?.(trx, withdrawn);
    return 1;
  });
}

/** Whether `donorId` has withdrawn from the request before. */
export async function hasWithdrawn(db: Kysely<Database>, requestId: string, donorId: string) {
  const row = await db
    .selectFrom('requestWithdrawal')
    .select('id')
    .where('requestId', '=', requestId)
    .where('donorId', '=', donorId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const withdrawals = (db: Kysely<Database>, donorEmail: string | undefined) => {
  const query = db.selectFrom('requestWithdrawal as w');
  return donorEmail ? query.where('w.donorEmail', '=', donorEmail) : query;
};

/** A page of withdrawals, newest first (optionally one donor's), with each donor's count. */
export function findWithdrawals(db: Kysely<Database>, donorEmail: string | undefined, page: Page) {
  return withdrawals(db, donorEmail)
    .select((eb) => [
      'w.id',
      'w.requestId',
      'w.recipientName',
      'w.bloodGroup',
      'w.donationDate',
      'w.donorId',
      'w.donorName',
      'w.donorEmail',
      'w.reason',
      'w.createdAt',
      eb
        .selectFrom('requestWithdrawal as mine')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('mine.donorId', '=', 'w.donorId')
        .as('donorWithdrawals'),
    ])
    .$if(page.after !== undefined, (query) => {
      const [createdAt, id] = (page.after ?? []).map(String) as [string, string];
      return query.where((eb) =>
        eb(eb.refTuple('w.createdAt', 'w.id'), '<', eb.tuple(createdAt, id)),
      );
    })
    .orderBy('w.createdAt', 'desc')
    .orderBy('w.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type WithdrawalRow = Awaited<ReturnType<typeof findWithdrawals>>[number];

/** How many withdrawals findWithdrawals would list, up to COUNT_CAP + 1. */
export function countWithdrawals(db: Kysely<Database>, donorEmail: string | undefined) {
  const query = db.selectFrom('requestWithdrawal');
  return countUpToCap(db, donorEmail ? query.where('donorEmail', '=', donorEmail) : query);
}

/**
 * Staff take a request down: it is canceled (whoever had accepted it is off it too), marked
 * removed with the reason, and its open reports are upheld. Only a request not already closed
 * or removed. Rows changed (0/1).
 */
export function remove(
  db: Kysely<Database>,
  id: string,
  staff: Person,
  reason: string,
  at: string,
) {
  return inTransaction(db, async (trx) => {
    // The request's row first (its UPDATE locks it), then its reports, as everywhere here.
    const result = await trx
      .updateTable('donationRequest')
      .set({
        status: 'cancel',
        removedAt: at,
        removedById: staff.id,
        removedReason: reason,
        openReports: 0,
        reportWeight: 0,
        reportHiddenAt: null,
        updatedAt: at,
      })
      .where('id', '=', id)
      .where('removedAt', 'is', null)
      .where('status', 'in', ['pending', 'inprogress', 'expired'])
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows);
    if (changed) {
      await trx
        .updateTable('requestReport')
        .set({ status: 'upheld', handledAt: at, handledById: staff.id, handledByName: staff.name })
        .where('requestId', '=', id)
        .where('status', '=', 'open')
        .execute();
    }
    return changed;
  });
}
