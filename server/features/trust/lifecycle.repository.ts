import { type Kysely, sql } from 'kysely';
import { msg } from '../../../common/message-key.ts';
import type { CreateRequest, UpdateRequest } from '../../../common/request.schema.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Person, RequestRow } from '../requests/requests.repository.ts';
import * as requests from '../requests/requests.repository.ts';
import { countUpToCap, type Page } from './capped-count.ts';

// The rest of a request's life (issue 14): limits on new and edited requests, a donor's
// withdrawal.

export interface CreateLimits {
  /** Today in Dhaka (YYYY-MM-DD): a pending request dated before it is expired, not open. */
  today: string;
  /** Open requests (pending or in progress) one person may have at once. */
  maxOpen: number;
}

/** What makes two requests the same: recipient (any case and spacing), blood group, date. */
type Sameness = Pick<CreateRequest, 'recipientName' | 'bloodGroup' | 'donationDate'>;

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
 * refuses (409 DUPLICATE_REQUEST, in plain words) when one of them is the same as `fields`.
 */
async function openRequestsUnlessDuplicate(
  trx: Kysely<Database>,
  requesterId: string,
  fields: Sameness,
  today: string,
  exceptId?: string,
) {
  const open = await trx
    .selectFrom('donationRequest')
    .select(['recipientName', 'bloodGroup', 'donationDate', 'status'])
    .where('requesterId', '=', requesterId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'inprogress'),
        eb.and([eb('status', '=', 'pending'), eb('donationDate', '>=', today)]),
      ]),
    )
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId ?? ''))
    .execute();
  const duplicate = open.find(
    (row) =>
      sameName(row.recipientName, fields.recipientName) &&
      row.bloodGroup === fields.bloodGroup &&
      row.donationDate === fields.donationDate,
  );
  if (duplicate) {
    throw conflict(
      'DUPLICATE_REQUEST',
      msg('errors.requests.duplicate', {
        recipient: duplicate.recipientName,
        bloodGroup: duplicate.bloodGroup,
        date: duplicate.donationDate,
      }),
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
  fields: CreateRequest,
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
    return requests.updateFields(trx, current.id, requesterId, fields);
  });
}

/**
 * The donor backs out: the request is pending again with no donor, and the withdrawal is kept
 * (with what the request was). Only while it is in progress with this donor. Rows changed (0/1).
 */
export function withdraw(
  db: Kysely<Database>,
  request: RequestRow,
  donor: Person,
  reason: string,
  at: string,
  then?: (trx: Kysely<Database>) => Promise<void>,
) {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('donationRequest')
      .set({ status: 'pending', donorId: null, donorName: null, donorEmail: null, updatedAt: at })
      .where('id', '=', request.id)
      .where('status', '=', 'inprogress')
      .where('donorId', '=', donor.id)
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows);
    if (!changed) return 0;
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
    await then?.(trx);
    return changed;
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
