import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Decision 016: a donor's donation is a record of its own.
// Until now the history read the donor's done requests, and the requester may delete their own
// request in any state (admins any), so deleting a done request erased the donation from the
// donor's history and certificate. A donation is now written when its request is marked done,
// with what the certificate says copied (date, time, hospital, place, blood group), and outlives
// the request: `requestId` turns null when the request is deleted. Its id is its request's id
// (one donation per request), so certificate links made before stay the same.
//
// Up copies every done request that still has its donor. The donor's own record goes with the
// donor's account (ON DELETE CASCADE), as their history did. Down drops the table: the
// donations of requests deleted since then are lost with it.
//
// The history reads the new table through its own index; the old one on the requests table
// (donorId, status, donationDate, id; 021) served only the history and goes (down rebuilds it).

const OLD_HISTORY_INDEX = 'donation_request_donor_history_idx';

export const donations = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('donation')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('requestId', 'text', (c) =>
          c.references('donationRequest.id').onDelete('set null'),
        )
        .addColumn('donorId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('bloodGroup', 'text', (c) => c.notNull())
        .addColumn('donationDate', 'text', (c) => c.notNull())
        .addColumn('donationTime', 'text', (c) => c.notNull())
        .addColumn('hospitalName', 'text', (c) => c.notNull())
        .addColumn('district', 'text', (c) => c.notNull())
        .addColumn('division', 'text', (c) => c.notNull())
        .addColumn('createdAt', ts, (c) => c.notNull())
        .execute();
      // A donor's history, latest first; its count; a certificate's place in it.
      await db.schema
        .createIndex('donation_donor_idx')
        .on('donation')
        .columns(['donorId', 'donationDate', 'id'])
        .execute();
      // ON DELETE SET NULL looks donations up by their request.
      await db.schema
        .createIndex('donation_request_idx')
        .on('donation')
        .column('requestId')
        .execute();
      // When the request was marked done is not stored; its last change is that.
      await sql`
        insert into "donation" ("id", "requestId", "donorId", "bloodGroup", "donationDate",
          "donationTime", "hospitalName", "district", "division", "createdAt")
        select "id", "id", "donorId", "bloodGroup", "donationDate", "donationTime",
          "hospitalName", "district", "division", "updatedAt"
        from "donationRequest"
        where "status" = 'done' and "donorId" is not null`.execute(db);
      await db.schema.dropIndex(OLD_HISTORY_INDEX).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .createIndex(OLD_HISTORY_INDEX)
        .on('donationRequest')
        .columns(['donorId', 'status', 'donationDate', 'id'])
        .execute();
      await db.schema.dropTable('donation').execute();
    },
  };
};
