import type { Kysely } from 'kysely';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { emit } from './request-events.ts';
import * as sweep from './sweep.repository.ts';

// The date's work on requests (issue 14), run hourly from the job table (sweep.jobs.ts) or at
// once by `npm run requests:sweep`. Nothing here keeps
// a timer; what people see does not wait for it either: a pending request past its date reads
// `expired` from the first moment of the next day (effectiveStatus), and the public list never
// shows it. The sweep stores that status, so lists filtered by status agree, and emits one event
// per request it changed (request-events.ts), in that request's transaction.

export interface SweepOptions {
  now: Date;
  /** Days after its date an in-progress request nobody confirmed is closed as expired. */
  closeAfterDays: number;
  /** Rows per statement; each batch is its own transaction. */
  batchSize?: number;
}

export interface SweepResult {
  /** Pending requests past their date, now expired. */
  expired: number;
  /** In-progress requests past their date whose requester was asked to confirm. */
  confirmationAsked: number;
  /** In-progress requests nobody confirmed for closeAfterDays, now expired. */
  closedUnconfirmed: number;
}

const DAY_MS = 86_400_000;

/** The date `days` before the Dhaka date `date` (YYYY-MM-DD). */
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * Applies the date to every request it concerns, in batches, and answers how many of each. Each
 * change is conditional on the state it was chosen in, so a request someone changed meanwhile
 * (accepted, marked done) is left as they left it; running it twice does nothing more.
 */
export async function sweepRequestLifecycle(
  db: Kysely<Database>,
  { now, closeAfterDays, batchSize = 200 }: SweepOptions,
): Promise<SweepResult> {
  const today = todayInDhaka(now);
  const at = now.toISOString();
  const result: SweepResult = { expired: 0, confirmationAsked: 0, closedUnconfirmed: 0 };

  // Pending and past: expired.
  result.expired = await inBatches(batchSize, async () => {
    const due = await sweep.findPendingBefore(db, today, batchSize);
    let changed = 0;
    for (const row of due) {
      changed += await inTransaction(db, async (trx) => {
        if (!(await sweep.expirePending(trx, row.id, today, at))) return 0;
        const event = {
          type: 'expired' as const,
          requestId: row.id,
          requesterId: row.requesterId,
          donorId: null,
          wasInProgress: false,
        };
        await emit(trx, event, now);
        return 1;
      });
    }
    return { seen: due.length, changed };
  });

  // In progress, unconfirmed long after its date: closed as expired (never counted a donation).
  const closeBefore = daysBefore(today, closeAfterDays);
  result.closedUnconfirmed = await inBatches(batchSize, async () => {
    const due = await sweep.findInProgressBefore(db, closeBefore, batchSize);
    let changed = 0;
    for (const row of due) {
      changed += await inTransaction(db, async (trx) => {
        if (!(await sweep.expireInProgress(trx, row.id, closeBefore, at))) return 0;
        const event = {
          type: 'expired' as const,
          requestId: row.id,
          requesterId: row.requesterId,
          donorId: row.donorId,
          wasInProgress: true,
        };
        await emit(trx, event, now);
        return 1;
      });
    }
    return { seen: due.length, changed };
  });

  // In progress and past its date: the requester is asked, once, to mark it done or cancel it.
  result.confirmationAsked = await inBatches(batchSize, async () => {
    const due = await sweep.findInProgressBefore(db, today, batchSize, { unasked: true });
    let changed = 0;
    for (const row of due) {
      changed += await inTransaction(db, async (trx) => {
        if (!(await sweep.markConfirmationAsked(trx, row.id, at))) return 0;
        const event = {
          type: 'confirmation-due' as const,
          requestId: row.id,
          requesterId: row.requesterId,
          donorId: row.donorId,
        };
        await emit(trx, event, now);
        return 1;
      });
    }
    return { seen: due.length, changed };
  });

  return result;
}

/** Runs `batch` until it finds fewer rows than a full batch; answers the rows it changed. */
async function inBatches(
  size: number,
  batch: () => Promise<{ seen: number; changed: number }>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const { seen, changed } = await batch();
    total += changed;
    // A batch none of whose rows changed (all changed by someone else meanwhile) also ends it,
    // so the loop cannot spin on rows it will never change.
    if (seen < size || changed === 0) return total;
  }
}
