import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { enqueue, type JobKind } from '../../jobs/define-job.ts';
import { recordEvent } from '../outcomes/record-event.ts';

/**
 * Everything that happens to a donation request, as one typed event (issue 26). Each change of
 * the request emits one, in its own transaction; notifications are the one subscriber
 * (features/notifications/request-event.job.ts), which tells people and drives the alert waves.
 */
export const requestEventSchema = z.discriminatedUnion('type', [
  /** A new request: its alert waves start. */
  z.object({ type: z.literal('created'), requestId: z.string(), requesterId: z.string() }),
  /** A copy of a closed request, posted again: its waves start like a new one's. */
  z.object({
    type: z.literal('reposted'),
    requestId: z.string(),
    fromRequestId: z.string(),
    requesterId: z.string(),
  }),
  /**
   * The request was marked done or canceled by `actorId`. `donorId`: its earliest standing
   * pledge's donor; `donorIds` (issue 27): every donor whose pledge the close settled as donated
   * (done), or who still held a pledge (canceled).
   * `accepted` is what a pledge was before issue 27 (rows written then are still read as it).
   */
  z.object({
    type: z.enum(['accepted', 'done', 'canceled']),
    requestId: z.string(),
    actorId: z.string(),
    donorId: z.string().nullable(),
    donorIds: z.array(z.string()).optional(),
  }),
  /**
   * Issue 27: a donor pledged one bag (Donate Now). `bagsOpen`: bags still without a pledge
   * after it (0: the request leaves the public list and its waves stop). `donorName`: theirs as
   * they pledged, what the requester is told (events written before it: read from the donor).
   */
  z.object({
    type: z.literal('pledged'),
    requestId: z.string(),
    pledgeId: z.string(),
    actorId: z.string(),
    donorId: z.string(),
    donorName: z.string().optional(),
    bagsOpen: z.number().int(),
  }),
  /** Issue 27: a donor withdrew their pledge: the bag is open again, its waves resume. */
  z.object({
    type: z.literal('pledge_withdrawn'),
    requestId: z.string(),
    pledgeId: z.string(),
    requesterId: z.string().nullable(),
    donorId: z.string(),
    reason: z.string(),
    bagsOpen: z.number().int(),
  }),
  /**
   * Issue 27: the requester or staff (`actorId`) marked a pledge donated: the donation is
   * recorded on the donor. `requestDone`: it was the last bag, the request is done.
   */
  z.object({
    type: z.literal('pledge_donated'),
    requestId: z.string(),
    pledgeId: z.string(),
    actorId: z.string(),
    requesterId: z.string().nullable(),
    donorId: z.string().nullable(),
    requestDone: z.boolean(),
  }),
  /** Issue 27: the donor did not come: the bag is open again, its waves resume. */
  z.object({
    type: z.literal('pledge_no_show'),
    requestId: z.string(),
    pledgeId: z.string(),
    actorId: z.string(),
    requesterId: z.string().nullable(),
    donorId: z.string().nullable(),
    bagsOpen: z.number().int(),
  }),
  /** Issue 27: the requester set how many bags it asks for (more: its waves resume). */
  z.object({
    type: z.literal('bags_changed'),
    requestId: z.string(),
    actorId: z.string(),
    requesterId: z.string().nullable(),
    from: z.number().int(),
    to: z.number().int(),
    bagsOpen: z.number().int(),
  }),
  /**
   * Its donor withdrew: pending again, its waves resume. What a pledge's withdrawal was before
   * issue 27 (rows written then are still read as it); now `pledge_withdrawn`.
   */
  z.object({
    type: z.literal('withdrawn'),
    requestId: z.string(),
    requesterId: z.string().nullable(),
    donorId: z.string(),
    reason: z.string(),
  }),
  /** Pending past its date, or in progress and unconfirmed long after it (the sweep). */
  z.object({
    type: z.literal('expired'),
    requestId: z.string(),
    requesterId: z.string().nullable(),
    donorId: z.string().nullable(),
    wasInProgress: z.boolean(),
  }),
  /** In progress and past its date: the requester should mark it done or cancel it. */
  z.object({
    type: z.literal('confirmation-due'),
    requestId: z.string(),
    requesterId: z.string().nullable(),
    donorId: z.string().nullable(),
  }),
  /** Removed by staff. */
  z.object({
    type: z.literal('removed'),
    requestId: z.string(),
    requesterId: z.string().nullable(),
    donorId: z.string().nullable(),
    reason: z.string(),
  }),
  /**
   * Issue 25 (decision 024): reports now hide the request (under review), no longer do (shown
   * again, its waves resume), or would, but staff verified it (flagged to staff).
   */
  z.object({
    type: z.enum(['hidden', 'shown', 'flagged']),
    requestId: z.string(),
    requesterId: z.string().nullable(),
  }),
]);

export type RequestEvent = z.infer<typeof requestEventSchema>;

/**
 * The event as a job: its subscriber runs it after the change commits, so the change never
 * waits for, or fails with, what follows from it. Its handler is the subscriber's
 * (requestEventJob in features/notifications/request-event.job.ts).
 */
export const requestEventKind = {
  kind: 'request-event',
  payload: requestEventSchema,
} satisfies JobKind<typeof requestEventSchema>;

/**
 * The one door for a request's events: records `event` in `db`, which is the change's own
 * transaction, so the event (and its timeline row, issue 29) commits or rolls back with the change.
 */
export async function emit(db: Kysely<Database>, event: RequestEvent, at: Date) {
  // Issue 29: its row of the request's timeline, and what it adds to the counts of outcomes.
  await recordEvent(db, event, at);
  return enqueue(db, requestEventKind, event, { now: at });
}
