import type { Kysely } from 'kysely';
import { COUNT_CAP } from '../../common/constants.ts';
import { OUTBOX_MESSAGE_KINDS } from '../../common/outbox-response.schema.ts';
import { idAmongLockedRows } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { Slice } from '../lib/pagination.ts';

/** A piece of background work to do at `runAt` (now when absent). */
export interface NewJob {
  kind: string;
  payload: unknown;
  runAt: Date;
  /** A second job with the same key is not added (scheduling is idempotent). */
  dedupeKey?: string;
}

/**
 * Adds a job row, in the caller's transaction when given one; a duplicate dedupeKey adds nothing.
 * Features enqueue through define-job.ts (typed by the job's definition); this is its one insert.
 */
export async function insert(db: Kysely<Database>, job: NewJob, now: Date = new Date()) {
  const at = now.toISOString();
  await db
    .insertInto('job')
    .values({
      id: newId(),
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      runAt: job.runAt.toISOString(),
      dedupeKey: job.dedupeKey ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .execute();
}

/** Due pending jobs, or running ones whose lease ran out (their worker died or hung). */
const claimable = (db: Kysely<Database>, nowIso: string) =>
  db
    .selectFrom('job')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('runAt', '<=', nowIso)]),
        eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<=', nowIso)]),
      ]),
    );

/**
 * Claims up to `max` due jobs for `workerId` until `leaseMs` from now, and answers them. One
 * UPDATE: on PostgreSQL the candidates are locked skipping rows another worker is claiming
 * (idAmongLockedRows), and the outer condition is checked again on the locked row; on SQLite the
 * statement holds the database's write lock. Either way no job is claimed by two workers at once.
 */
export function claimDue(
  db: Kysely<Database>,
  workerId: string,
  now: Date,
  leaseMs: number,
  max: number,
) {
  const nowIso = now.toISOString();
  const candidates = claimable(db, nowIso).select('id').orderBy('runAt').limit(max);
  return db
    .updateTable('job')
    .set((eb) => ({
      status: 'running',
      lockedBy: workerId,
      lockedUntil: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb('attempts', '+', 1),
      updatedAt: nowIso,
    }))
    .where(idAmongLockedRows(db, candidates))
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('runAt', '<=', nowIso)]),
        eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<=', nowIso)]),
      ]),
    )
    .returning(['id', 'kind', 'payload', 'attempts', 'runAt', 'createdAt'])
    .execute();
}

export type ClaimedJob = Awaited<ReturnType<typeof claimDue>>[number];

/**
 * Holds the job for another `leaseMs`, only while `workerId` still holds it (its lease has not
 * run out and been taken over); answers whether it does. A worker renews each job of its batch
 * just before running it, so a batch that takes long never has a job run twice.
 */
export async function renew(
  db: Kysely<Database>,
  id: string,
  workerId: string,
  now: Date,
  leaseMs: number,
) {
  const result = await db
    .updateTable('job')
    .set({
      lockedUntil: new Date(now.getTime() + leaseMs).toISOString(),
      updatedAt: now.toISOString(),
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('lockedBy', '=', workerId)
    .where('lockedUntil', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks the job done, only while `workerId` still holds it; answers whether it did. `lockedBy`
 * stays, saying which worker did it. With `forget`, its payload is emptied as it is done (a
 * payload naming what an erasure removed must not outlive the work: JobHandler.forgetPayload).
 */
export async function complete(
  db: Kysely<Database>,
  id: string,
  workerId: string,
  now: Date,
  { forget = false }: { forget?: boolean } = {},
) {
  const result = await db
    .updateTable('job')
    .set({
      status: 'done',
      lockedUntil: null,
      updatedAt: now.toISOString(),
      ...(forget ? { payload: '{}' } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('lockedBy', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * After a failure: due again at `retryAt`, or `failed` for good when `retryAt` is null. Only
 * while `workerId` still holds the job.
 */
export async function fail(
  db: Kysely<Database>,
  id: string,
  workerId: string,
  error: string,
  retryAt: Date | null,
  now: Date,
) {
  await db
    .updateTable('job')
    .set({
      status: retryAt ? 'pending' : 'failed',
      runAt: (retryAt ?? now).toISOString(),
      lockedBy: null,
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      updatedAt: now.toISOString(),
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('lockedBy', '=', workerId)
    .execute();
}

/** The jobs that are messages to people: what admins see when one fails (issue 25). */
const failedMessages = (db: Kysely<Database>) =>
  db.selectFrom('job').where('status', '=', 'failed').where('kind', 'in', OUTBOX_MESSAGE_KINDS);

/**
 * A page of messages given up, the latest failure first (a failed job's runAt is when it
 * failed). Sort key: runAt, id.
 */
export function findFailedMessages(db: Kysely<Database>, slice: Slice) {
  return failedMessages(db)
    .select(['id', 'kind', 'payload', 'attempts', 'lastError', 'createdAt', 'runAt'])
    .$if(slice.after !== undefined, (query) => {
      const [runAt, id] = (slice.after ?? []).map(String) as [string, string];
      return query.where((eb) => eb(eb.refTuple('runAt', 'id'), '<', eb.tuple(runAt, id)));
    })
    .orderBy('runAt', 'desc')
    .orderBy('id', 'desc')
    .limit(slice.limit)
    .offset(slice.offset)
    .execute();
}

export type FailedMessageRow = Awaited<ReturnType<typeof findFailedMessages>>[number];

/** How many messages were given up, counted up to COUNT_CAP + 1. */
export async function countFailedMessages(db: Kysely<Database>) {
  const matches = failedMessages(db)
    .select('id')
    .limit(COUNT_CAP + 1);
  const row = await db
    .selectFrom(matches.as('match'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One message given up, by id. */
export function findFailedMessageById(db: Kysely<Database>, id: string) {
  return failedMessages(db)
    .select(['id', 'kind', 'payload', 'attempts', 'lastError', 'createdAt', 'runAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Puts a message given up back in the outbox, due `now`, as if written now: its attempts and
 * its retry window (counted from createdAt, see JobHandler.retryForMs) start again. Its id, and
 * so its Message-ID, stay. Answers rows changed (0 when it is no longer failed).
 */
export async function resendFailedMessage(db: Kysely<Database>, id: string, now: Date) {
  const at = now.toISOString();
  const result = await db
    .updateTable('job')
    .set({
      status: 'pending',
      attempts: 0,
      runAt: at,
      createdAt: at,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: at,
    })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .where('kind', 'in', OUTBOX_MESSAGE_KINDS)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
