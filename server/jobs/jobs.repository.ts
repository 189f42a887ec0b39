import type { Kysely } from 'kysely';
import { idAmongLockedRows } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';

/** A piece of background work to do at `runAt` (now when absent). */
export interface NewJob {
  kind: string;
  payload: unknown;
  runAt: Date;
  /** A second job with the same key is not added (scheduling is idempotent). */
  dedupeKey?: string;
}

/** Adds a job, in the caller's transaction when given one; a duplicate dedupeKey adds nothing. */
export async function enqueue(db: Kysely<Database>, job: NewJob, now: Date = new Date()) {
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
    .returning(['id', 'kind', 'payload', 'attempts', 'runAt'])
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
 * stays, saying which worker did it.
 */
export async function complete(db: Kysely<Database>, id: string, workerId: string, now: Date) {
  const result = await db
    .updateTable('job')
    .set({ status: 'done', lockedUntil: null, updatedAt: now.toISOString() })
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

/** Deletes finished jobs last touched before `before` (the outbox keeps a week of history). */
export async function deleteDoneBefore(db: Kysely<Database>, before: Date) {
  const result = await db
    .deleteFrom('job')
    .where('status', '=', 'done')
    .where('runAt', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
