import { type Kysely, type Migration, type SqlBool, sql } from 'kysely';

// Frozen: never edit after release. Issue 29: the staff dashboard lists the open requests
// (pending, or in progress with a bag unpledged) older than their urgency allows, oldest first.
// No index read them in the order they were posted: the open lists' begin with the urgency rank
// and the date needed, the status list's with the status (two ranges, merged by a sort). A
// partial index of the open requests only, by (createdAt, id), reads the page in order and
// stops; with `urgency` and the columns of its own condition after them (as 033's open lists),
// whether each row is overdue yet is read from the index alone, and a count reads nothing else.

const NAME = 'donation_request_overdue_idx';
// Written as server/features/requests/pledges.repository.ts's HAS_OPEN_BAG, character for
// character: SQLite uses a partial index only for a query that states its condition.
const HAS_OPEN_BAG = sql<SqlBool>`"status" not in ('done', 'cancel', 'expired') and "bagsPledged" < "bags"`;

export const overdueRequests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex(NAME)
      .on('donationRequest')
      .columns(['createdAt', 'id', 'urgency', 'status', 'bagsPledged', 'bags'])
      .where(HAS_OPEN_BAG)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex(NAME).execute();
  },
};
