import type { Kysely, Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Issue 28, items 2 and 3 (decision 036): the contact number of
// a request (the patient's attendant, or the requester's own), in its own table like every number
// (decision 033), so no query of requests — lists, search, previews — can carry one by accident.
//
// - requestContact: one per request: the number (+8801XXXXXXXXX) and when it was verified; null
//   until its one-time code is confirmed (the requester's own verified number is verified at once).
// - phoneVerification.requestId: the request a pending code is for; null for the account's own
//   number. One pending code per account, whichever it is for: the same code rules and limits.
export const requestContact = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('requestContact')
        .addColumn('requestId', 'text', (c) =>
          c.primaryKey().references('donationRequest.id').onDelete('cascade'),
        )
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('verifiedAt', ts)
        .addColumn('updatedAt', ts, (c) => c.notNull())
        .execute();
      await db.schema.alterTable('phoneVerification').addColumn('requestId', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('phoneVerification').dropColumn('requestId').execute();
      await db.schema.dropTable('requestContact').execute();
    },
  };
};
