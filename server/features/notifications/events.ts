import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/jobs.repository.ts';

// What the request and profile routes record, in their own transaction, for the worker to act on
// (handlers.ts). Each is one row in the job table: the action never waits for, or fails with, the
// alerts and messages that follow from it.

const DAY_MS = 24 * 60 * 60 * 1000;

export type RequestEvent = 'accepted' | 'done' | 'canceled';

/** A new request: its first alert wave is due at once. */
export function requestCreated(db: Kysely<Database>, requestId: string, now: Date) {
  return enqueue(
    db,
    {
      kind: 'alert-wave',
      payload: { requestId, wave: 1 },
      runAt: now,
      dedupeKey: `alert-wave:${requestId}:1`,
    },
    now,
  );
}

/** A donor accepted, or the request was marked done or canceled, by `actorId`. */
export function requestChanged(
  db: Kysely<Database>,
  change: { requestId: string; event: RequestEvent; actorId: string; donorId: string | null },
  now: Date,
) {
  return enqueue(db, { kind: 'request-event', payload: change, runAt: now }, now);
}

/** A donation recorded on the donor: they are told the day they may give again. */
export function donationRecorded(
  db: Kysely<Database>,
  donation: { userId: string; at: string },
  intervalDays: number,
  now: Date,
) {
  return enqueue(
    db,
    {
      kind: 'eligible-again',
      payload: { userId: donation.userId, lastDonationDate: donation.at },
      runAt: new Date(new Date(donation.at).getTime() + intervalDays * DAY_MS),
      dedupeKey: `eligible-again:${donation.userId}:${donation.at}`,
    },
    now,
  );
}
