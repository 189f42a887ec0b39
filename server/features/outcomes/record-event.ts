import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RequestEvent } from '../requests/request-events.ts';
import { recordRequestChange, type TimelineKind } from './timeline.repository.ts';

/**
 * Issue 29 (decision 034): what a request's event adds to its timeline and to the counts of
 * outcomes, recorded by `emit` in the change's own transaction. Closing a request as done settles
 * each pledge still standing as donated: one `donated` row per donor it settled.
 */
export function recordEvent(db: Kysely<Database>, event: RequestEvent, at: Date) {
  const change = (
    kinds: TimelineKind[],
    counts?: Parameters<typeof recordRequestChange>[1]['counts'],
  ) => recordRequestChange(db, { requestId: event.requestId, kinds, counts, at });
  switch (event.type) {
    case 'created':
    case 'reposted':
      return change(['created']);
    case 'pledged':
    case 'accepted':
      return change(['pledged'], { pledges: 1 });
    case 'pledge_withdrawn':
    case 'withdrawn':
      return change(['withdrawn'], { withdrawals: 1 });
    case 'pledge_no_show':
      return change(['no_show'], { noShows: 1 });
    case 'pledge_donated':
      return change(event.requestDone ? ['donated', 'done'] : ['donated']);
    case 'done':
      return change([...(event.donorIds ?? []).map(() => 'donated' as const), 'done']);
    case 'canceled':
      return change(['canceled']);
    case 'confirmation-due':
      return change(['confirmation_due']);
    default:
      return change([event.type]);
  }
}
