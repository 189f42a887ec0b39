import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { emit } from '../requests/request-events.ts';
import { eventsOf, lockRequestsReportedBy, lockUser, recount } from './report-weight.repository.ts';

/**
 * A reporter's reports count only while their account is active (decision 024): blocking or
 * deleting them must give back what their reports hid, and unblocking counts them again. The
 * two steps run in the transaction of the account's change: `before` locks the reporter's row,
 * then the requests they have open reports on (the order a report takes them in), `after`
 * recounts those requests and tells people what moved.
 */
export function reportsFollowReporter(userId: string, { clock }: { clock: Clock }) {
  let requestIds: string[] = [];
  return {
    before: async (trx: Kysely<Database>) => {
      await lockUser(trx, userId);
      requestIds = await lockRequestsReportedBy(trx, userId);
    },
    after: async (trx: Kysely<Database>) => {
      const now = clock.now();
      for (const id of requestIds) {
        const change = await recount(trx, id, now.toISOString());
        for (const event of eventsOf(change)) await emit(trx, event, now);
      }
    },
  };
}
