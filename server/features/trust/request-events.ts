import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What happens to a request in the trust lifecycle (issue 14), for whoever tells people about
 * it. A running server's `requestEvents` (AppDeps) is notifyRequestEvents
 * (features/notifications/lifecycle-events.ts): a withdrawal tells the requester and starts the
 * alert waves again, an expiry or a confirmation-due tells the requester, a removal the requester
 * and the donor, a repost starts the new request's waves. Tests may pass their own sink.
 *
 * The sink is called inside the transaction of the change (`db` is that transaction), so what it
 * records (a job row, an outbox message) commits or rolls back with the change itself.
 */
export type RequestLifecycleEvent =
  | {
      type: 'withdrawn';
      requestId: string;
      requesterId: string | null;
      donorId: string;
      reason: string;
    }
  | {
      /** Pending past its date, or in progress and unconfirmed long after it. */
      type: 'expired';
      requestId: string;
      requesterId: string | null;
      donorId: string | null;
      wasInProgress: boolean;
    }
  | {
      /** In progress and past its date: the requester should mark it done or cancel it. */
      type: 'confirmation-due';
      requestId: string;
      requesterId: string | null;
      donorId: string | null;
    }
  | { type: 'reposted'; requestId: string; fromRequestId: string; requesterId: string }
  | {
      type: 'removed';
      requestId: string;
      requesterId: string | null;
      donorId: string | null;
      reason: string;
    };

export type RequestEventSink = (
  db: Kysely<Database>,
  event: RequestLifecycleEvent,
  at: Date,
) => Promise<void>;
